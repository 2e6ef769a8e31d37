import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeltaFrames } from '../src/domains/chat/delta-frames.ts';

describe('a reply’s words in frames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first words at once, then what came during each frame together', () => {
    const sent: string[] = [];
    const frames = createDeltaFrames((text) => sent.push(text), 40);
    frames.push('Hello');
    expect(sent).toEqual(['Hello']);
    frames.push(' there');
    frames.push(',');
    vi.advanceTimersByTime(39);
    expect(sent).toEqual(['Hello']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['Hello', ' there,']);
    frames.push(' friend');
    vi.advanceTimersByTime(40);
    expect(sent).toEqual(['Hello', ' there,', ' friend']);
  });

  it('sends at once again after a frame in which nothing came', () => {
    const sent: string[] = [];
    const frames = createDeltaFrames((text) => sent.push(text), 40);
    frames.push('a');
    vi.advanceTimersByTime(200);
    frames.push('b');
    expect(sent).toEqual(['a', 'b']);
  });

  it('empties the open frame on flush, so nothing overtakes its words and nothing is lost', () => {
    const sent: string[] = [];
    const frames = createDeltaFrames((text) => sent.push(text), 40);
    frames.push('one');
    frames.push(' two');
    frames.flush();
    sent.push('[speech]');
    frames.push(' three');
    frames.flush();
    frames.flush();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(['one', ' two', '[speech]', ' three']);
    expect(sent.join('')).toBe('one two[speech] three');
  });
});
