import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage, directionFor } from './direction';

describe('directionFor (§9)', () => {
  it.each(['ar', 'he', 'fa', 'ur', 'ar-SA', 'fa_IR', 'HE'])('%s is right to left', (language) => {
    expect(directionFor(language)).toBe('rtl');
  });

  it.each(['en', 'vi', 'en-US', 'fr', 'arn', ''])('%s is left to right', (language) => {
    expect(directionFor(language)).toBe('ltr');
  });

  it('sets lang and dir on the document root', () => {
    const root = document.createElement('html');
    applyDocumentLanguage('ar', root);
    expect(root).toHaveAttribute('lang', 'ar');
    expect(root).toHaveAttribute('dir', 'rtl');
    applyDocumentLanguage('vi', root);
    expect(root).toHaveAttribute('dir', 'ltr');
  });
});
