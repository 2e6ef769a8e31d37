/**
 * The slice of CBOR (RFC 8949) an authenticator writes: unsigned and negative integers, byte
 * and text strings, arrays and maps (in the order given, as CTAP2's canonical form expects
 * when the caller lists keys in order). Enough to build attestation objects and COSE keys.
 */
export type CborValue = number | string | Uint8Array | CborValue[] | CborMap;

/** A map whose keys keep their order and may be integers (COSE) or text. */
export class CborMap {
  constructor(readonly entries: ReadonlyArray<readonly [number | string, CborValue]>) {}
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || Math.abs(value) > 0xffffffff) {
      throw new Error(`CBOR: only 32-bit integers are supported, not ${value}`);
    }
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  return Buffer.concat([
    head(5, value.entries.length),
    ...value.entries.flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]),
  ]);
}
