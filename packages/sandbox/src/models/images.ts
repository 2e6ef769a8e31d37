/**
 * What the sandbox model can "see" of an image part: its type, size and, for the formats whose
 * headers say so cheaply, its dimensions. Nothing is decoded.
 */
export interface ImageFacts {
  mimeType: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
}

const unknownImage: ImageFacts = { mimeType: null, bytes: null, width: null, height: null };

function pngSize(data: Buffer): [number, number] | null {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return null;
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

function gifSize(data: Buffer): [number, number] | null {
  if (data.length < 10 || !data.subarray(0, 4).equals(Buffer.from('GIF8'))) return null;
  return [data.readUInt16LE(6), data.readUInt16LE(8)];
}

/** JPEG: walk the segments to the first start-of-frame marker. */
function jpegSize(data: Buffer): [number, number] | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return [data.readUInt16BE(offset + 7), data.readUInt16BE(offset + 5)];
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return null;
}

/** WebP: the extended (VP8X) and lossless (VP8L) headers; lossy VP8 has its size at 26. */
function webpSize(data: Buffer): [number, number] | null {
  if (data.length < 30 || data.toString('latin1', 0, 4) !== 'RIFF') return null;
  if (data.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return [data.readUIntLE(24, 3) + 1, data.readUIntLE(27, 3) + 1];
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8 ') return [data.readUInt16LE(26) & 0x3fff, data.readUInt16LE(28) & 0x3fff];
  return null;
}

/** Facts about an `image_url` part's URL: a data: URL is measured, anything else is unknown. */
export function imageFactsOf(url: string): ImageFacts {
  const match = /^data:([^;,]+)?((?:;[^;,]*)*?),(.*)$/s.exec(url);
  if (!match) return unknownImage;
  const mimeType = match[1] ?? null;
  const isBase64 = (match[2] ?? '').split(';').includes('base64');
  const payload = match[3] ?? '';
  const data = isBase64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload));
  const size = pngSize(data) ?? gifSize(data) ?? jpegSize(data) ?? webpSize(data);
  return { mimeType, bytes: data.length, width: size?.[0] ?? null, height: size?.[1] ?? null };
}

export function describeImage(image: ImageFacts, language: 'en' | 'vi'): string {
  const parts: string[] = [];
  if (image.mimeType) parts.push(image.mimeType);
  if (image.width !== null && image.height !== null) parts.push(`${image.width}×${image.height}`);
  if (image.bytes !== null) parts.push(`${image.bytes} ${language === 'vi' ? 'byte' : 'bytes'}`);
  if (parts.length > 0) return parts.join(', ');
  return language === 'vi' ? 'ảnh từ một địa chỉ URL' : 'an image by URL';
}
