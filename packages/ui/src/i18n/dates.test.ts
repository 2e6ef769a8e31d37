import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDay, formatMoment, intlLocale } from './dates';

// Tests run in UTC (the CI machines' zone); the moments below are written in UTC.
const moment = '2026-11-25T10:17:00Z';

describe('dates: one format per kind, in the interface language', () => {
  it('maps interface languages to their Intl locale', () => {
    expect(intlLocale('vi')).toBe('vi-VN');
    expect(intlLocale('vi-VN')).toBe('vi-VN');
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('fr')).toBe('en-US');
  });

  it('writes a moment with its date and time, never the short numeric form', () => {
    expect(formatMoment(moment, 'en')).toBe('Nov 25, 2026, 10:17 AM');
    expect(formatMoment(moment, 'vi')).toBe('10:17 ngày 25/11/2026');
  });

  it('writes Vietnamese dates as Vietnamese readers do: dd/mm/yyyy, a 24-hour clock (issue 22 §5)', () => {
    expect(formatMoment('2026-11-28T07:00:00Z', 'vi')).toBe('07:00 ngày 28/11/2026');
    expect(formatMoment('2026-03-05T19:05:00Z', 'vi-VN')).toBe('19:05 ngày 05/03/2026');
    expect(formatDay('2026-03-05T19:05:00Z', 'vi')).toBe('05/03/2026');
    for (const written of [
      formatMoment(moment, 'vi'),
      formatDay(moment, 'vi'),
      formatCalendarDate('2026-11-01', 'vi'),
    ]) {
      expect(written).not.toMatch(/thg|tháng|,/);
    }
  });

  it('writes a day the same way a moment writes its date', () => {
    expect(formatDay(moment, 'en')).toBe('Nov 25, 2026');
    expect(formatDay(moment, 'vi')).toBe('25/11/2026');
    expect(formatMoment(moment, 'en')).toContain(formatDay(moment, 'en'));
    expect(formatMoment(moment, 'vi')).toContain(formatDay(moment, 'vi'));
  });

  it('writes a calendar date out, the same day in every time zone', () => {
    expect(formatCalendarDate('2026-11-01', 'en')).toBe('November 1, 2026');
    expect(formatCalendarDate('2026-11-01', 'vi')).toBe('01/11/2026');
  });

  it('gives nothing for what is not a date', () => {
    expect(formatMoment('soon', 'en')).toBe('');
    expect(formatDay('', 'vi')).toBe('');
    expect(formatCalendarDate('2026-11-01T00:00:00Z', 'en')).toBe('');
  });
});
