import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { chatErrorText } from './chatErrorText';

const inLanguage = (language: 'en' | 'vi') => createTestI18n(language).getFixedT(language, 'chat');

describe('chatErrorText', () => {
  const en = inLanguage('en');
  const vi = inLanguage('vi');

  it("keeps the server's words, or the §8 fallback, when the provider gave no hint", () => {
    expect(chatErrorText({ kind: 'send', message: 'The model failed.' }, en)).toBe(
      'The model failed.',
    );
    expect(chatErrorText({ kind: 'send', message: null }, en)).toBe('Failed to send message');
  });

  it("says when to try again after a provider's rate limit, in the UI's language", () => {
    const limited = { kind: 'send', message: 'English words', rateLimited: true } as const;
    expect(chatErrorText({ ...limited, retryAfterSeconds: 20 }, en)).toBe(
      'The model is getting too many requests right now. Try again in 20 seconds.',
    );
    expect(chatErrorText({ ...limited, retryAfterSeconds: 1 }, en)).toBe(
      'The model is getting too many requests right now. Try again in 1 second.',
    );
    expect(chatErrorText({ ...limited, retryAfterSeconds: 20 }, vi)).toBe(
      'Mô hình đang nhận quá nhiều yêu cầu. Bạn có thể thử lại sau 20 giây.',
    );
    // Long waits read in minutes, rounded up.
    expect(chatErrorText({ ...limited, retryAfterSeconds: 150 }, en)).toBe(
      'The model is getting too many requests right now. Try again in 3 minutes.',
    );
    expect(chatErrorText(limited, vi)).toBe(
      'Mô hình đang nhận quá nhiều yêu cầu. Bạn vui lòng thử lại sau ít phút.',
    );
  });

  it('gives the wait of a provider that is down for a while (503 with Retry-After)', () => {
    expect(
      chatErrorText({ kind: 'send', message: 'English words', retryAfterSeconds: 45 }, en),
    ).toBe("The model can't answer right now. Try again in 45 seconds.");
  });
});
