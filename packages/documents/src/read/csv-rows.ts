/**
 * CSV as RFC 4180 has it (quoted fields with doubled quotes, line breaks inside quotes, CRLF or
 * LF), with the separator found from the text: a comma, a semicolon (Excel in locales with a
 * decimal comma) or a tab.
 */
export const csvDelimiters = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** Records of the text, stopping after `maxRecords` (the rest is not parsed at all). */
export function parseCsv(
  text: string,
  delimiter: CsvDelimiter,
  maxRecords = Number.POSITIVE_INFINITY,
): { rows: string[][]; complete: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let at = 0;
  const endRecord = () => {
    row.push(field);
    field = '';
    // A blank line is no record.
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (at < text.length) {
    if (rows.length >= maxRecords) return { rows, complete: false };
    const char = text[at];
    if (quoted) {
      if (char === '"') {
        if (text[at + 1] === '"') {
          field += '"';
          at += 2;
          continue;
        }
        quoted = false;
      } else field += char;
      at += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[at + 1] === '\n') at += 1;
    } else field += char;
    at += 1;
  }
  if (field !== '' || row.length > 0) endRecord();
  return { rows, complete: true };
}

const sampleLength = 64 * 1024;
const sampleRecords = 50;

/** The separator whose fields line up best in the first records; how well, 0 to 1. */
export function detectDelimiter(text: string): {
  delimiter: CsvDelimiter;
  columns: number;
  consistency: number;
  records: number;
} {
  const cut = text.length > sampleLength;
  const sample = text.slice(0, sampleLength);
  let best = { delimiter: ',' as CsvDelimiter, columns: 1, consistency: 0, records: 0 };
  for (const delimiter of csvDelimiters) {
    const { rows, complete } = parseCsv(sample, delimiter, sampleRecords);
    // A sample cut mid-record would count its last record short.
    const judged = cut || !complete ? rows.slice(0, -1) : rows;
    const columns = judged[0]?.length ?? 0;
    if (columns < 2) continue;
    const same = judged.filter((record) => record.length === columns).length;
    const consistency = same / judged.length;
    if (
      consistency > best.consistency ||
      (consistency === best.consistency && columns > best.columns)
    ) {
      best = { delimiter, columns, consistency, records: judged.length };
    }
  }
  return best;
}

/** Text whose first records all split into the same number (two or more) of fields. */
export function looksLikeCsv(text: string): boolean {
  const { columns, consistency, records } = detectDelimiter(text);
  return columns >= 2 && records >= 2 && consistency === 1;
}
