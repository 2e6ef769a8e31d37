import { describe, expect, it } from 'vitest';
import { fallbackExportName, fileNameFromDisposition } from './exportFileName';

describe('fileNameFromDisposition', () => {
  it('reads a quoted filename', () => {
    expect(fileNameFromDisposition('attachment; filename="da-lat.json"')).toBe('da-lat.json');
  });

  it('reads an unquoted filename and unescapes quoted pairs', () => {
    expect(fileNameFromDisposition('attachment; filename=plan.md')).toBe('plan.md');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".json"')).toBe(
      'say "hi".json',
    );
  });

  it('prefers filename* in UTF-8, so Vietnamese titles survive', () => {
    const header = `attachment; filename="conversation.json"; filename*=UTF-8''${encodeURIComponent('Công thức phở bò.json')}`;
    expect(fileNameFromDisposition(header)).toBe('Công thức phở bò.json');
  });

  it('reads filename* whatever the order and case of the parameters', () => {
    expect(
      fileNameFromDisposition(`ATTACHMENT; FILENAME*=utf-8'vi'L%E1%BB%8Bch.md; filename=x.md`),
    ).toBe('Lịch.md');
  });

  it('decodes ISO-8859-1 ext-values', () => {
    expect(fileNameFromDisposition(`attachment; filename*=iso-8859-1''caf%E9.json`)).toBe(
      'café.json',
    );
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(
      fileNameFromDisposition(`attachment; filename*=UTF-8''bad%E1%.json; filename="ok.json"`),
    ).toBe('ok.json');
    expect(fileNameFromDisposition(`attachment; filename*=nocharset.json; filename=b.json`)).toBe(
      'b.json',
    );
  });

  it('keeps path separators and control characters out of the name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''a%0Ab%5Cc.json`)).toBe(
      'a_b_c.json',
    );
  });

  it('gives null when no usable name is given', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
  });
});

describe('fallbackExportName (§7)', () => {
  it('is conversation-{id}.json, or .md for Markdown', () => {
    expect(fallbackExportName('abc123', 'json')).toBe('conversation-abc123.json');
    expect(fallbackExportName('abc123', 'markdown')).toBe('conversation-abc123.md');
  });
});
