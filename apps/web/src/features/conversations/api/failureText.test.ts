import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { HttpFailure } from '../../../lib/api/errorText';
import { failureText } from './failureText';

/** A caller's §8 fallback. */
const HISTORY_FAILED = 'Failed to load conversation history';

function httpError(data: unknown) {
  return new HttpFailure({ status: 500, data });
}

describe('failureText (§8 chat errors)', () => {
  it("uses the exception's message", () => {
    expect(failureText(new Error('Provider timed out'), HISTORY_FAILED)).toBe('Provider timed out');
  });

  it("uses the server's message or error field for HTTP failures", () => {
    expect(failureText(httpError({ message: 'Conversation not found' }), HISTORY_FAILED)).toBe(
      'Conversation not found',
    );
    expect(failureText(httpError({ error: 'Upstream failed' }), HISTORY_FAILED)).toBe(
      'Upstream failed',
    );
  });

  it('falls back when nothing useful was said', () => {
    expect(failureText(httpError(null), HISTORY_FAILED)).toBe(
      'Failed to load conversation history',
    );
    expect(failureText(new ZodError([]), HISTORY_FAILED)).toBe(HISTORY_FAILED);
    expect(failureText('weird', HISTORY_FAILED)).toBe(HISTORY_FAILED);
  });
});
