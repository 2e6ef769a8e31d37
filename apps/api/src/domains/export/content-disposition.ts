import { encodeRfc5987 } from '../../http/attachment.ts';

/** Characters no file system (or header) should see in a name: controls (\p{Cc}) and these. */
const unsafeInFileName = /[\p{Cc}"*/:<>?\\|]+/gu;

/** An ASCII, URL-like version of a title ("Xin chào thế giới!" → "xin-chao-the-gioi"). */
export function asciiSlug(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // đ has no decomposition: it is its own letter, written d in ASCII.
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** The title kept readable (Vietnamese included) but without what a file name cannot hold. */
function readableName(text: string, fallback: string): string {
  const name = [...text.replace(unsafeInFileName, ' ').replace(/\s+/g, ' ').trim()]
    .slice(0, 80)
    .join('')
    .trim();
  return name || fallback;
}

/**
 * `attachment` with an ASCII `filename` every client understands and `filename*` (RFC 6266 and
 * RFC 5987) carrying the real name in UTF-8 for those that read it. Nothing from the title can
 * break out of the header: the ASCII name is [a-z0-9-] only and the other is percent-encoded.
 */
export function attachmentDisposition(
  title: string,
  suffix: string,
  extension: string,
  fallback: string,
): { header: string; ascii: string; readable: string } {
  const ascii = `${asciiSlug(title, fallback)}-${suffix}.${extension}`;
  const readable = `${readableName(title, fallback)}-${suffix}.${extension}`;
  return {
    header: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(readable)}`,
    ascii,
    readable,
  };
}
