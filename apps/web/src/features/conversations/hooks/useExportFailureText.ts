import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { ExportJobError } from './useExportJob';

/**
 * Why an export failed, in the reader's language: the job's own reason (the server's words) when
 * it gave one, else the error's condition. The dialog and the toast of an export that failed while
 * its dialog was hidden say the same.
 */
export function useExportFailureText(): (error: unknown) => string {
  const describe = useErrorText();
  const serverWords = useServerWords();
  return (error) =>
    error instanceof ExportJobError && error.message ? serverWords(error.message) : describe(error);
}
