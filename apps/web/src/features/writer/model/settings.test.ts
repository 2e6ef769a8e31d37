import { describe, expect, it } from 'vitest';
import { chosenNetwork, defaultSettings, generationRequest } from './settings';

describe('generationRequest', () => {
  it('says which required fields are empty', () => {
    const result = generationRequest(defaultSettings('en'), null, null);
    expect(result).toEqual({ ok: false, problems: { topic: { kind: 'required' } } });
  });

  it("sends only the template's own, filled fields", () => {
    const result = generationRequest(
      {
        ...defaultSettings('vi'),
        template: 'email',
        fields: { purpose: ' Mời họp ', recipient: '', topic: 'left from a blog post' },
      },
      'doc-1',
      null,
    );
    expect(result).toEqual({
      ok: true,
      request: expect.objectContaining({
        template: 'email',
        fields: { purpose: 'Mời họp' },
        language: 'vi',
        documentId: 'doc-1',
      }),
    });
  });

  it('says when a field is too long', () => {
    const result = generationRequest(
      { ...defaultSettings('en'), fields: { topic: 'x'.repeat(301) } },
      null,
      null,
    );
    expect(result).toEqual({ ok: false, problems: { topic: { kind: 'tooLong', max: 300 } } });
  });
});

describe('chosenNetwork', () => {
  it("is a social post's network only", () => {
    expect(chosenNetwork('social-post', { network: 'x' })).toBe('x');
    expect(chosenNetwork('social-post', { network: 'myspace' })).toBeNull();
    expect(chosenNetwork('email', { network: 'x' })).toBeNull();
  });
});
