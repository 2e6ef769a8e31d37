import { musicJobFailureTexts } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import english from '../../../../public/locales/en/music.json';
import vietnamese from '../../../../public/locales/vi/music.json';
import { jobFailure } from './compositionErrors';

describe("a music job's failure", () => {
  it('is one of the known failures, translated in both languages', () => {
    for (const [key, text] of Object.entries(musicJobFailureTexts)) {
      expect(jobFailure({ error: text, detail: null }).failure).toBe(key);
      expect(english.failures).toHaveProperty(key);
      expect(vietnamese.failures).toHaveProperty(key);
    }
  });

  it("carries a refusal's suggested prompt, and nothing from another detail", () => {
    const refused = jobFailure({
      error: musicJobFailureTexts.refused,
      detail: { suggestedPrompt: 'An upbeat pop song' },
    });
    expect(refused.failure).toBe('refused');
    expect(refused.suggestedPrompt).toBe('An upbeat pop song');
    expect(jobFailure({ error: 'Other words', detail: { piece: 1 } })).toMatchObject({
      failure: null,
      suggestedPrompt: null,
      message: 'Other words',
    });
  });
});
