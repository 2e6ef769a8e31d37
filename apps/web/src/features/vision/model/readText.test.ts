import { describe, expect, it } from 'vitest';
import { pictureProblem } from './pictureCheck';
import { downloadName, firstLine, wholePercent } from './readText';

describe('read text', () => {
  it('takes the first line with words as a card’s title', () => {
    expect(firstLine('\n  \nTHÔNG BÁO\n\nThư viện')).toBe('THÔNG BÁO');
    expect(firstLine('')).toBe('');
  });

  it('says the confidence as a whole percent', () => {
    expect(wholePercent(91.6)).toBe(92);
    expect(wholePercent(120)).toBe(100);
  });

  it('names a download after the picture', () => {
    expect(downloadName({ fileName: 'thong-bao.png' }, 'txt')).toBe('thong-bao.txt');
    expect(downloadName({ fileName: '' }, 'csv')).toBe('picture.csv');
  });

  it('refuses what is not a picture, and a picture over the size', () => {
    expect(pictureProblem({ type: 'application/pdf', size: 10 }, 100)).toEqual({
      kind: 'notPicture',
    });
    expect(pictureProblem({ type: 'image/png', size: 101 }, 100)).toEqual({
      kind: 'tooLarge',
      maxBytes: 100,
    });
    expect(pictureProblem({ type: 'image/webp', size: 100 }, 100)).toBeNull();
  });
});
