import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentError, inspectFile, readDocument } from '../src/index.ts';
import { makeDocx } from './fixtures.ts';

const docxContentTypes = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A zip that says it is a DOCX, with the given entries besides. */
const officeZip = (files: Zippable, level: 0 | 9 = 9) =>
  zipSync(
    {
      '[Content_Types].xml': strToU8(docxContentTypes),
      'word/document.xml': strToU8('<w:document/>'),
      ...files,
    },
    { level },
  );

/** The zip with an entry's declared uncompressed size replaced, in its local and central headers. */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  const encoded = new TextEncoder().encode(name);
  for (let at = 0; at < bytes.length - 46; at += 1) {
    const signature = view.getUint32(at, true);
    const central = signature === 0x02014b50;
    if (!central && signature !== 0x04034b50) continue;
    const nameAt = at + (central ? 46 : 30);
    const nameLength = view.getUint16(at + (central ? 28 : 26), true);
    if (
      nameLength !== encoded.length ||
      !encoded.every((byte, index) => bytes[nameAt + index] === byte)
    )
      continue;
    view.setUint32(at + (central ? 24 : 22), size, true);
  }
  return bytes;
}

async function refusal(bytes: Uint8Array, options: Parameters<typeof readDocument>[1] = {}) {
  const inspected = inspectFile(bytes, options.name, options);
  const read = await readDocument(bytes, options).then(
    () => null,
    (error: unknown) => error,
  );
  expect(read).toBeInstanceOf(DocumentError);
  return {
    inspected,
    code: read instanceof DocumentError ? read.code : null,
    message: read instanceof Error ? read.message : '',
  };
}

let tmp: string;
let previousTmp: string | undefined;
let docx: Uint8Array;
beforeAll(async () => {
  // A temporary folder of our own, to see that reading leaves nothing behind.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'documents-safety-'));
  previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  docx = await makeDocx();
});
afterAll(() => {
  expect(readdirSync(tmp)).toEqual([]);
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(tmp, { recursive: true, force: true });
});

describe('zip bombs', () => {
  const zeros = new Uint8Array(4 * 1024 * 1024);

  it('refuses a large entry compressed beyond 100 to 1, from the directory alone', async () => {
    const bomb = officeZip({ 'word/media/zeros.bin': zeros });
    expect(bomb.byteLength).toBeLessThan(20_000);
    const { inspected, code, message } = await refusal(bomb);
    expect(inspected).toMatchObject({ ok: false, code: 'bomb' });
    expect(code).toBe('bomb');
    expect(message).toMatch(/compressed \d+ to 1/);
  });

  it('refuses an archive whose declared sizes add up past the cap', async () => {
    const { code } = await refusal(officeZip({ 'word/a.xml': zeros, 'word/b.xml': zeros }, 0), {
      limits: { maxUnzippedBytes: 6 * 1024 * 1024 },
    });
    expect(code).toBe('bomb');
  });

  it('catches an entry that inflates past its declared size (lying headers)', async () => {
    const lying = declareSize(officeZip({ 'word/styles.xml': zeros }), 'word/styles.xml', 1000);
    // The directory looks harmless: 1000 bytes declared.
    expect(inspectFile(lying)).toEqual({ ok: true, format: 'docx', macrosIgnored: false });
    const { code, message } = await refusal(lying);
    expect(code).toBe('bomb');
    expect(message).toMatch(/more than its declared size/);
  });

  it('refuses too many entries and archives nested inside', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [`word/p${index}.xml`, strToU8('x')]),
    );
    expect((await refusal(officeZip(many), { limits: { maxZipEntries: 20 } })).code).toBe('bomb');
    const nested = officeZip({ 'word/inner.zip': zipSync({ 'a.txt': zeros }) });
    expect((await refusal(nested)).message).toMatch(/another archive/);
  });
});

describe('protected, macro-enabled and legacy files', () => {
  it('refuses an encrypted PDF by its /Encrypt entry', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.context.trailerInfo.Encrypt = pdf.context.obj({
      Filter: 'Standard',
      V: 2,
      R: 3,
      Length: 128,
      P: -4,
    });
    const { inspected, code } = await refusal(await pdf.save({ useObjectStreams: false }));
    expect(inspected).toMatchObject({ ok: false, code: 'encrypted' });
    expect(code).toBe('encrypted');
  });

  const cfb = (...streams: string[]) => {
    const bytes = new Uint8Array(2048);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    let at = 1024;
    for (const name of streams) {
      for (const char of name) {
        bytes[at] = char.charCodeAt(0);
        at += 2;
      }
      at += 64;
    }
    return bytes;
  };

  it('says "protected" for an Office file saved with a password (CFB with EncryptionInfo)', async () => {
    const { inspected, code, message } = await refusal(cfb('EncryptionInfo', 'EncryptedPackage'), {
      name: 'bao-cao.docx',
    });
    expect(inspected).toMatchObject({ ok: false, code: 'encrypted' });
    expect(code).toBe('encrypted');
    expect(message).toMatch(/protected by a password/);
  });

  it('asks for DOCX, XLSX or PPTX instead of the old binary formats', async () => {
    const doc = await refusal(cfb('WordDocument'));
    expect(doc.code).toBe('legacy');
    expect(doc.message).toMatch(/save it as DOCX/);
    expect((await refusal(cfb('PowerPoint Document'))).message).toMatch(/save it as PPTX/);
  });

  it('refuses a DOCM by its content type, or reads it without its macros when asked', async () => {
    const files = unzipSync(docx);
    const types = new TextDecoder().decode(files['[Content_Types].xml']);
    files['[Content_Types].xml'] = strToU8(
      types.replace(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        'application/vnd.ms-word.document.macroEnabled.main+xml',
      ),
    );
    files['word/vbaProject.bin'] = strToU8('Attribute VB_Name = "NewMacros"');
    const docm = zipSync(files);
    const { inspected, code } = await refusal(docm, { name: 'x.docm' });
    expect(inspected).toMatchObject({ ok: false, code: 'macro' });
    expect(code).toBe('macro');
    const { document, notes } = await readDocument(docm, { macros: 'ignore' });
    expect(document.parts[0]?.ref.name).toBe('Giới thiệu dự án');
    expect(notes.map((note) => note.code)).toEqual(['macros-skipped']);
  });
});

describe('files that are not documents', () => {
  it('refuses a cut-short DOCX as damaged', async () => {
    const { inspected, code } = await refusal(docx.subarray(0, Math.floor(docx.length / 2)));
    expect(inspected).toMatchObject({ ok: false, code: 'malformed' });
    expect(code).toBe('malformed');
  });

  it('refuses random bytes, whatever their name', async () => {
    let seed = 7;
    const random = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 16;
    });
    const { inspected, code } = await refusal(random, { name: 'report.pdf' });
    expect(inspected).toMatchObject({ ok: false, code: 'unsupported' });
    expect(code).toBe('unsupported');
  });

  it('refuses an empty file, one over the byte cap, and a zip that is no Office file', async () => {
    expect((await refusal(new Uint8Array(0))).code).toBe('empty');
    expect((await refusal(docx, { limits: { maxBytes: 1000 } })).code).toBe('too-large');
    expect((await refusal(zipSync({ 'a.txt': strToU8('hello') }))).code).toBe('unsupported');
    expect(inspectFile(new TextEncoder().encode('hello\0world'))).toMatchObject({
      ok: false,
      code: 'unsupported',
    });
  });
});
