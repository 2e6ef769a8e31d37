/**
 * Whether bytes are text a person wrote (UTF-8, or UTF-16 with its byte-order mark, without NUL
 * characters), and that text without its byte-order mark.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    } else {
      // TextDecoder drops a UTF-8 byte-order mark itself.
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
  } catch {
    return null;
  }
  if (text.includes('\u0000')) return null;
  return text;
}
