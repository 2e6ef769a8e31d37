import { describe, expect, it } from 'vitest';
import { wordDiff } from './wordDiff';

describe('wordDiff', () => {
  it('finds nothing changed between equal texts', () => {
    expect(wordDiff('the same words', 'the same words')).toEqual([
      { kind: 'same', text: 'the same words' },
    ]);
  });

  it('marks a replaced word as removed then added', () => {
    expect(wordDiff('a quick fox', 'a slow fox')).toEqual([
      { kind: 'same', text: 'a ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' fox' },
    ]);
  });

  it('keeps every word of both sides, in order', () => {
    const older = 'Chúng tôi bán cà phê ngon.';
    const newer = 'Chúng tôi rang và bán cà phê rất ngon.';
    const parts = wordDiff(older, newer);
    const side = (kind: 'removed' | 'added') =>
      parts
        .filter((part) => part.kind !== kind)
        .map((part) => part.text)
        .join('');
    expect(side('added')).toBe(older);
    expect(side('removed')).toBe(newer);
  });

  it('compares against an empty version', () => {
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
  });
});
