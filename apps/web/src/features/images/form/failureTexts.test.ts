import { imageFailureTexts } from '@studio/contracts/imageOptions';
import { describe, expect, it } from 'vitest';
import { webResources } from '../../../lib/i18n/bundledResources';

describe('the image jobs’ failure texts', () => {
  it('are the API’s own words in English, and translated in Vietnamese', () => {
    const english = webResources['en']?.['images'] as { failures: Record<string, string> };
    const vietnamese = webResources['vi']?.['images'] as { failures: Record<string, string> };
    for (const [key, text] of Object.entries(imageFailureTexts)) {
      expect(english.failures[key], key).toBe(text);
      expect(vietnamese.failures[key], key).not.toBe(text);
    }
  });
});
