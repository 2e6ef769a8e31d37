/**
 * Why a pull stopped. `keepsPart` tells the person whether running the command again resumes
 * (the partial file is kept) or starts over (it was removed because its content was wrong).
 */
export type PullErrorKind =
  'http' | 'network' | 'timeout' | 'interrupted' | 'aborted' | 'checksum' | 'unverified' | 'usage';

export class PullError extends Error {
  constructor(
    readonly kind: PullErrorKind,
    message: string,
    readonly keepsPart: boolean,
  ) {
    super(message);
    this.name = 'PullError';
  }
}
