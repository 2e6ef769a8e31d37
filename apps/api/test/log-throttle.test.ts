import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { throttledWarning } from '../src/log-throttle.ts';

describe('a warning repeated through an outage', () => {
  it('is logged once per interval, with how often it came meanwhile', () => {
    const lines: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => void lines.push(args) } as FastifyBaseLogger;
    let now = 0;
    const warn = throttledWarning(log, 'redis connection error', 30_000, () => now);
    const refused = new Error('connect ECONNREFUSED');
    warn(refused);
    for (now = 100; now < 30_000; now += 100) warn(refused);
    expect(lines).toEqual([[{ err: refused }, 'redis connection error']]);
    now = 30_000;
    warn(refused);
    expect(lines.at(-1)).toEqual([{ err: refused, repeated: 299 }, 'redis connection error']);
    now = 90_000;
    warn(refused);
    expect(lines.at(-1)).toEqual([{ err: refused }, 'redis connection error']);
    expect(lines).toHaveLength(3);
  });
});
