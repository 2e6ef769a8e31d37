import type { OfficePart } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  foldText,
  passageLines,
  passagesForQuestion,
  passagesForSummary,
  passagesOf,
  termsOf,
} from '../src/domains/office/office-retrieval.ts';

const page = (number: number, ...paragraphs: string[]): OfficePart => ({
  ref: { kind: 'page', number, name: null },
  source: 'text',
  blocks: paragraphs.map((text) => ({ type: 'paragraph', spans: [{ text }] })),
});

const report: OfficePart[] = [
  page(1, 'Annual report.', 'Revenue grew by twelve percent in the third quarter of the year.'),
  page(
    2,
    'The Hanoi office opened in March with twenty staff.',
    'Văn phòng Đà Nẵng sẽ khai trương vào tháng Mười với mười nhân viên.',
  ),
  page(3, 'Next year the company will focus on small businesses in the south.'),
  page(4, 'Hợp đồng với đối tác Nhật Bản được ký vào tháng Tư, trị giá hai tỷ đồng.'),
];

/** The best passage for a question: a budget that holds one passage only. */
const best = (question: string) => passagesForQuestion(passagesOf(report), question, 10)[0];

describe('office retrieval', () => {
  it('compares words without case or diacritics, by syllables and pairs of them', () => {
    expect(foldText('Đà Nẵng ĐƯỢC')).toBe('da nang duoc');
    expect(termsOf('Văn phòng Đà Nẵng')).toEqual([
      'van',
      'phong',
      'da',
      'nang',
      'van phong',
      'phong da',
      'da nang',
    ]);
  });

  it('cuts parts into passages on block boundaries, never across parts, each with its ref', () => {
    const long = Array.from({ length: 30 }, (_, index) => `Sentence number ${index} is here.`).join(
      ' ',
    );
    const passages = passagesOf([page(1, 'Short one.', 'Short two.'), page(2, long)]);
    expect(passages[0]).toMatchObject({ text: 'Short one.\n\nShort two.', first: true, part: 0 });
    expect(passages.slice(1).every((passage) => passage.ref.number === 2)).toBe(true);
    expect(passages.length).toBeGreaterThan(2);
    expect(passages.every((passage) => passage.text.length <= 800)).toBe(true);
    // Cut at a sentence's end.
    expect(passages[1]?.text).toMatch(/here\.$/);
  });

  it('finds the passage that answers an English question', () => {
    expect(best('When did the Hanoi office open?')?.ref.number).toBe(2);
    expect(best('What will the company focus on next year?')?.ref.number).toBe(3);
    expect(best('How much did revenue grow?')?.ref.number).toBe(1);
  });

  it('finds the passage that answers a Vietnamese question, typed with or without diacritics', () => {
    expect(best('Khi nào văn phòng Đà Nẵng khai trương?')?.ref.number).toBe(2);
    expect(best('van phong da nang khai truong khi nao')?.ref.number).toBe(2);
    expect(best('Hợp đồng với đối tác Nhật trị giá bao nhiêu?')?.ref.number).toBe(4);
  });

  it('numbers the passages in the document order and lists them as the prompt does', () => {
    const chosen = passagesForQuestion(passagesOf(report), 'office staff', 10_000);
    expect(chosen.map((passage) => passage.n)).toEqual(chosen.map((_, index) => index + 1));
    expect(passageLines(chosen.slice(0, 1))).toMatch(/^\[1\] \(page \d\): /);
  });

  it('spreads a summary across the document: each part opens, within the budget', () => {
    const parts = Array.from({ length: 10 }, (_, index) =>
      page(index + 1, `Chapter ${index + 1} opens here. ${'Words about the topic. '.repeat(8)}`),
    );
    const chosen = passagesForSummary(passagesOf(parts), 1_500);
    const pages = new Set(chosen.map((passage) => passage.ref.number));
    expect(pages.size).toBeGreaterThanOrEqual(4);
    // Spread, not the first pages only.
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(8);
    expect(chosen.reduce((sum, passage) => sum + passage.text.length, 0)).toBeLessThanOrEqual(
      1_500,
    );
    const small = passagesForSummary(passagesOf(report), 10_000);
    expect(small.map((passage) => passage.ref.number)).toEqual([1, 2, 3, 4]);
  });
});
