import { describe, expect, it } from 'vitest';
import { splitSentences, takeCompleteSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('splits English at . ! ? and … with their closing quotes', () => {
    expect(splitSentences('Hello there. How are you? "Fine!" she said… Then left.')).toEqual([
      'Hello there.',
      'How are you?',
      '"Fine!"',
      'she said…',
      'Then left.',
    ]);
  });

  it('splits Vietnamese the same way, keeping its diacritics', () => {
    expect(splitSentences('Xin chào các bạn. Hôm nay trời đẹp quá! Bạn có khỏe không?')).toEqual([
      'Xin chào các bạn.',
      'Hôm nay trời đẹp quá!',
      'Bạn có khỏe không?',
    ]);
  });

  it('does not split after abbreviations, initials or inside numbers', () => {
    expect(splitSentences('Mr. Smith paid 3.5 dollars. J. Doe did too.')).toEqual([
      'Mr. Smith paid 3.5 dollars.',
      'J. Doe did too.',
    ]);
    expect(splitSentences('Tôi sống ở TP. Hồ Chí Minh. Còn bạn?')).toEqual([
      'Tôi sống ở TP. Hồ Chí Minh.',
      'Còn bạn?',
    ]);
  });

  it('splits at line breaks and drops parts with nothing to say', () => {
    expect(splitSentences('First line\nSecond line\n\n---\n')).toEqual([
      'First line',
      'Second line',
    ]);
    expect(splitSentences('  ... !!  ')).toEqual([]);
  });

  it('cuts a sentence longer than the limit at a comma, else a space, never above it', () => {
    const long = 'one two three, four five six seven eight nine ten eleven twelve';
    const parts = splitSentences(long, 20);
    expect(parts[0]).toBe('one two three,');
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(20);
    expect(parts.join(' ')).toBe(long);
    expect(splitSentences('x'.repeat(45), 20)).toEqual([
      'x'.repeat(20),
      'x'.repeat(20),
      'x'.repeat(5),
    ]);
  });
});

describe('takeCompleteSentences', () => {
  it('keeps an unfinished sentence for later', () => {
    expect(takeCompleteSentences('Hello there. How are')).toEqual({
      sentences: ['Hello there.'],
      rest: 'How are',
    });
  });

  it('waits for what follows an end mark before calling the sentence complete', () => {
    expect(takeCompleteSentences('It costs 3.')).toEqual({ sentences: [], rest: 'It costs 3.' });
    expect(takeCompleteSentences('It costs 3.5 đồng. Rẻ')).toEqual({
      sentences: ['It costs 3.5 đồng.'],
      rest: 'Rẻ',
    });
  });

  it('gives the same sentences, fed piece by piece, as the whole text split at once', () => {
    const text = 'Chào bạn! Đây là câu thứ hai. And a third one? Yes… the end.';
    let pending = '';
    const heard: string[] = [];
    for (const piece of text.match(/.{1,3}/gsu) ?? []) {
      const { sentences, rest } = takeCompleteSentences(pending + piece);
      heard.push(...sentences);
      pending = rest;
    }
    heard.push(...splitSentences(pending));
    expect(heard).toEqual(splitSentences(text));
  });

  it('speaks a run-on sentence in pieces rather than waiting for its end', () => {
    const { sentences, rest } = takeCompleteSentences(`${'word '.repeat(30)}more`, 50);
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(sentence.length).toBeLessThanOrEqual(50);
    expect(rest.length).toBeLessThanOrEqual(50);
  });
});
