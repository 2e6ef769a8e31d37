/**
 * The few DER encodings (ITU-T X.690) an X.509 certificate needs. Node can sign and parse
 * certificates but cannot build one, and a dependency for ~80 lines is not worth it.
 */

export type Der = Buffer;

/** Definite-length form: short for < 128 bytes, else 0x80 | byte count, then big-endian bytes. */
function lengthOf(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Buffer): Der {
  return Buffer.concat([Buffer.from([tag]), lengthOf(content.length), content]);
}

export function sequence(...items: Der[]): Der {
  return tlv(0x30, Buffer.concat(items));
}

export function set(...items: Der[]): Der {
  return tlv(0x31, Buffer.concat(items));
}

/** A non-negative INTEGER from big-endian magnitude bytes (a 0x00 keeps the sign bit clear). */
export function unsignedInteger(magnitude: Buffer): Der {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start += 1;
  let bytes = magnitude.subarray(start);
  if (bytes.length === 0) bytes = Buffer.from([0]);
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}

export function smallInteger(value: number): Der {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw new RangeError('smallInteger takes 0 to 2^32 - 1');
  }
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return unsignedInteger(Buffer.from(bytes.length ? bytes : [0]));
}

/** OBJECT IDENTIFIER from dotted text: first two arcs packed, the rest base-128. */
export function objectIdentifier(dotted: string): Der {
  const arcs = dotted.split('.').map((arc) => {
    if (!/^\d+$/.test(arc)) throw new Error(`not an OID: ${dotted}`);
    return Number(arc);
  });
  const [first, second, ...rest] = arcs;
  if (first === undefined || second === undefined) throw new Error(`not an OID: ${dotted}`);
  const bytes: number[] = [];
  for (const arc of [first * 40 + second, ...rest]) {
    const base128: number[] = [arc % 128];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      base128.unshift(0x80 | (value % 128));
    }
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

export function nullValue(): Der {
  return Buffer.from([0x05, 0x00]);
}

/** BIT STRING of whole bytes (no unused bits). */
export function bitString(bytes: Buffer): Der {
  return tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
}

export function utf8String(text: string): Der {
  return tlv(0x0c, Buffer.from(text, 'utf8'));
}

export function printableString(text: string): Der {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(text)) {
    throw new Error(`not a PrintableString: ${text}`);
  }
  return tlv(0x13, Buffer.from(text, 'ascii'));
}

const two = (value: number) => String(value).padStart(2, '0');

/** UTCTime YYMMDDHHMMSSZ: RFC 5280 requires it for dates in 1950–2049. */
export function utcTime(date: Date): Der {
  const year = date.getUTCFullYear();
  if (year < 1950 || year > 2049) throw new RangeError('UTCTime covers 1950–2049');
  const text =
    two(year % 100) +
    two(date.getUTCMonth() + 1) +
    two(date.getUTCDate()) +
    two(date.getUTCHours()) +
    two(date.getUTCMinutes()) +
    two(date.getUTCSeconds()) +
    'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

/** A constructed context-specific tag, [n] EXPLICIT. */
export function explicit(tagNumber: number, inner: Der): Der {
  if (tagNumber > 30) throw new RangeError('only low tag numbers are supported');
  return tlv(0xa0 | tagNumber, inner);
}

export function octetString(bytes: Buffer): Der {
  return tlv(0x04, bytes);
}

export function boolean(value: boolean): Der {
  return tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
}

/** A BIT STRING of named bits (bit 0 first), trailing zero bits dropped as DER requires. */
export function namedBits(bits: readonly number[]): Der {
  const highest = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const bit of bits) {
    const index = Math.floor(bit / 8);
    bytes[index] = (bytes[index] ?? 0) | (0x80 >> (bit % 8));
  }
  const unused = 7 - (highest % 8);
  return tlv(0x03, Buffer.concat([Buffer.from([unused]), bytes]));
}
