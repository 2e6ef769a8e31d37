import { type ObjectRange, RangeNotSatisfiableError } from './object-store.ts';

/**
 * The bytes a range asks for in an object of `size` bytes (inclusive, the end clamped to the
 * last byte), or RangeNotSatisfiableError when it starts past the end or ends before it starts.
 */
export function resolveRange(range: ObjectRange, size: number): { start: number; end: number } {
  const last = size - 1;
  const end = range.end === undefined ? last : Math.min(range.end, last);
  if (range.start < 0 || range.start > last || end < range.start) {
    throw new RangeNotSatisfiableError(size);
  }
  return { start: range.start, end };
}
