import { describe, expect, it } from 'vitest';
import { choiceOf, defaultLanguageChoice, languagesField, languagesOf } from './languages';

describe('the languages field', () => {
  it('asks for both languages by default', () => {
    expect(defaultLanguageChoice).toBe('both');
    expect(languagesField(defaultLanguageChoice)).toBe('en,vi');
  });

  it('sends one language alone', () => {
    expect(languagesField('en')).toBe('en');
    expect(languagesField('vi')).toBe('vi');
    expect(languagesOf('vi')).toEqual(['vi']);
  });

  it('reads a read’s languages back into the choice', () => {
    expect(choiceOf(['vi', 'en'])).toBe('both');
    expect(choiceOf(['en'])).toBe('en');
    expect(choiceOf(['vi'])).toBe('vi');
    expect(choiceOf([])).toBe('both');
  });
});
