/** Path separators and control characters could make the browser drop or change the name. */
function safeName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point.
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : null;
}

/** RFC 8187 ext-value: charset'language'percent-encoded (UTF-8 or ISO-8859-1). */
function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value.trim().replace(/^"(.*)"$/, '$1'));
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    }
  } catch {
    // Malformed percent-encoding: fall back to the plain filename.
  }
  return null;
}

/** The parameters of a header value, quoted strings unescaped; names in lower case. */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const [, name = '', raw = ''] = match;
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.trim();
    const key = name.toLowerCase();
    if (!found.has(key)) found.set(key, value);
  }
  return found;
}

/**
 * The file name a Content-Disposition header gives: filename* (RFC 8187, so Vietnamese titles
 * survive) before filename; null when it names none usable.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parameters(`;${header.replace(/^[^;]*/, '')}`);
  const extended = params.get('filename*');
  const fromExtended = extended ? decodeExtValue(extended) : null;
  if (fromExtended) {
    const name = safeName(fromExtended);
    if (name) return name;
  }
  const plain = params.get('filename');
  return plain ? safeName(plain) : null;
}
