import { officeRefusals } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import english from '../../../../public/locales/en/office.json';
import vietnamese from '../../../../public/locales/vi/office.json';
import { formatBytes, refusalOfDetail, refusalText } from './refusals';

const limits = { maxFileBytes: 25 * 1024 * 1024, maxPages: 200 };

describe('a refused file', () => {
  it('is said in words for every refusal, in both languages', () => {
    for (const refusal of officeRefusals) {
      const { key } = refusalText(refusal, limits, 'en');
      const name = key.replace('refusals.', '');
      expect(english.refusals).toHaveProperty(name);
      expect(vietnamese.refusals).toHaveProperty(name);
    }
    expect(english.refusals.bomb).toBe(
      'This file unpacks to far more than it holds, so it was not opened.',
    );
  });

  it('names the limit it went over', () => {
    expect(refusalText('too-large', limits, 'en')).toEqual({
      key: 'refusals.too-large',
      values: { size: '25 MB' },
    });
    expect(refusalText('too-many-pages', limits, 'en').values).toEqual({ pages: 200 });
    expect(refusalText('encrypted', limits, 'en').values).toEqual({});
  });

  it("is read from a failed job's detail, and nothing else is", () => {
    expect(refusalOfDetail({ refusal: 'legacy' })).toBe('legacy');
    expect(refusalOfDetail({ refusal: 'tired' })).toBeNull();
    expect(refusalOfDetail(null)).toBeNull();
  });

  it('sizes read as people write them', () => {
    expect(formatBytes(800 * 1024, 'en')).toBe('800 KB');
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'vi')).toBe('1,5 MB');
    expect(formatBytes(512, 'en')).toBe('512 B');
  });
});
