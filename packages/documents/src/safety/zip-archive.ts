/**
 * A zip (DOCX, XLSX, PPTX) read from its central directory, without inflating anything, so the
 * declared sizes can be judged first; an entry is then inflated on demand with the caps enforced
 * again while it inflates, since declared sizes can lie.
 */
import { Inflate } from 'fflate';
import { DocumentError } from './document-error.ts';
import type { ReadLimits } from './limits.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** As the central directory declares it (checked again while inflating). */
  size: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

export interface ZipArchive {
  entries: ZipEntry[];
  has(name: string): boolean;
  /** An entry's bytes, inflated with the archive's caps; null when there is no such entry. */
  read(name: string): Uint8Array | null;
  /** An entry's text (UTF-8), or null. */
  readText(name: string): string | null;
}

const endOfDirectorySignature = 0x06054b50;
const directorySignature = 0x02014b50;
const localSignature = 0x04034b50;
const zip64Marker = 0xffffffff;

const malformed = (detail: string) =>
  new DocumentError('malformed', `The file is a damaged zip archive (${detail}).`);

function findEndOfDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65 535 bytes, at the very end.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === endOfDirectorySignature) return offset;
  }
  return -1;
}

/** Names of archives inside the archive: never opened here, but a sign of a bomb's nesting. */
const nestedArchiveName = /\.(zip|7z|rar|gz|tgz|tar|bz2|xz|jar)$/i;

/** The central directory, judged against the limits: too many entries, too large, a bomb. */
export function openZip(bytes: Uint8Array, limits: ReadLimits): ZipArchive {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) throw malformed('no central directory: the file may be cut short');
  const declaredCount = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (directoryOffset === zip64Marker || declaredCount === 0xffff) {
    throw new DocumentError('too-large', 'The archive is a ZIP64 file, too large to read safely.');
  }
  if (declaredCount > limits.maxZipEntries) {
    throw new DocumentError(
      'bomb',
      `The archive holds ${declaredCount} files, more than the ${limits.maxZipEntries} accepted.`,
    );
  }
  if (directoryOffset + directorySize > end) throw malformed('the directory lies outside the file');

  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8');
  let offset = directoryOffset;
  let total = 0;
  for (let index = 0; index < declaredCount; index += 1) {
    if (offset + 46 > end || view.getUint32(offset, true) !== directorySignature) {
      throw malformed('a directory record is damaged');
    }
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localHeaderOffset = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (size === zip64Marker || compressedSize === zip64Marker) {
      throw new DocumentError('too-large', 'The archive holds a ZIP64 entry, too large to read.');
    }
    if (nestedArchiveName.test(name)) {
      throw new DocumentError('bomb', `The archive holds another archive (${name}).`);
    }
    total += size;
    if (total > limits.maxUnzippedBytes) {
      throw new DocumentError(
        'bomb',
        `The archive would unpack to more than ${limits.maxUnzippedBytes} bytes.`,
      );
    }
    if (
      size >= limits.ratioCheckFromBytes &&
      size > limits.maxCompressionRatio * Math.max(compressedSize, 1)
    ) {
      throw new DocumentError(
        'bomb',
        `The archive entry ${name} is compressed ${Math.round(size / Math.max(compressedSize, 1))} to 1, beyond the ${limits.maxCompressionRatio} to 1 accepted.`,
      );
    }
    entries.push({
      name,
      method,
      compressedSize,
      size,
      localHeaderOffset,
      encrypted: (flags & 1) === 1,
    });
  }

  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  // What has been inflated so far, held to the archive's cap as the declared total was.
  let inflatedTotal = 0;

  const read = (name: string): Uint8Array | null => {
    const entry = byName.get(name);
    if (!entry) return null;
    if (entry.encrypted) {
      throw new DocumentError('encrypted', 'The archive is protected by a password.');
    }
    const local = entry.localHeaderOffset;
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== localSignature) {
      throw malformed(`the entry ${name} is damaged`);
    }
    const dataStart =
      local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.byteLength) throw malformed(`the entry ${name} is cut short`);
    const data = bytes.subarray(dataStart, dataEnd);
    const cap = Math.min(entry.size, limits.maxUnzippedBytes - inflatedTotal);
    let out: Uint8Array;
    if (entry.method === 0) {
      if (data.byteLength > cap) throw lied(name);
      out = data.slice();
    } else if (entry.method === 8) {
      out = inflateCapped(data, cap, name);
    } else {
      throw new DocumentError(
        'unsupported',
        `The archive entry ${name} uses a compression method (${entry.method}) that is not supported.`,
      );
    }
    inflatedTotal += out.byteLength;
    return out;
  };

  return {
    entries,
    has: (name) => byName.has(name),
    read,
    readText(name) {
      const data = read(name);
      return data ? new TextDecoder('utf-8').decode(data) : null;
    },
  };
}

const lied = (name: string) =>
  new DocumentError(
    'bomb',
    `The archive entry ${name} unpacks to more than its declared size: the file was made to mislead.`,
  );

/** Small pieces of compressed input, so that one piece can't inflate past the cap unseen. */
const inflateStep = 16 * 1024;

function inflateCapped(data: Uint8Array, cap: number, name: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const inflater = new Inflate((chunk) => {
    length += chunk.byteLength;
    if (length > cap) throw lied(name);
    chunks.push(chunk);
  });
  try {
    for (let start = 0; start < data.byteLength; start += inflateStep) {
      const end = Math.min(start + inflateStep, data.byteLength);
      inflater.push(data.subarray(start, end), end === data.byteLength);
    }
    if (data.byteLength === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw malformed(`the entry ${name} does not inflate`);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
