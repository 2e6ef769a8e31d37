import { describe, expect, it } from 'vitest';
import { writeCsv } from '../src/index.ts';
import { revenueTable } from './fixtures/write-models.ts';

describe('writeCsv', () => {
  it('writes RFC 4180 records with CRLF, UTF-8 with a byte order mark, Vietnamese exact', () => {
    const file = writeCsv(revenueTable);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.subarray(3).toString('utf8');
    expect(text).toBe(
      [
        'Chi nhánh,Doanh thu (triệu đồng),Tăng trưởng,Ngày chốt',
        'Hoàn Kiếm,"1.234,5",-12.5,2025-09-30',
        'Đống Đa,"1,234.5","8,25",2025-09-28',
        `"'=cmd|""/c calc""!A1",'+42,'@SUM(A1),chưa chốt`,
        '',
      ].join('\r\n'),
    );
  });

  it('quotes line breaks and guards every formula start but plain negative numbers', () => {
    const text = writeCsv([
      ['dòng 1\ndòng 2', '-1,234.5', '-2+3', '-', '\t=1', ' =1'],
      ['short row'],
    ])
      .subarray(3)
      .toString('utf8');
    expect(text).toBe(`"dòng 1\ndòng 2","-1,234.5",'-2+3,'-,'\t=1, =1\r\nshort row,,,,,\r\n`);
  });
});
