import { describe, expect, it } from 'vitest';
import english from '../../../../public/locales/en/office.json';
import { originText, partLabel, partsSummary } from './partLabels';

describe("a part's name", () => {
  it('says the page, the sheet by name, the slide, the section', () => {
    expect(partLabel({ kind: 'page', number: 3, name: null })).toEqual({
      key: 'part.page',
      values: { number: 3 },
    });
    expect(partLabel({ kind: 'sheet', number: 1, name: 'Sales' })).toEqual({
      key: 'part.sheet',
      values: { name: 'Sales' },
    });
    expect(partLabel({ kind: 'sheet', number: 2, name: null }).key).toBe('part.sheetNumber');
    expect(partLabel({ kind: 'slide', number: 2, name: 'Kết quả' }).key).toBe('part.slide');
    expect(partLabel({ kind: 'section', number: 4, name: null }).key).toBe('part.sectionNumber');
    expect(english.part.page).toBe('p. {{number}}');
    expect(english.part.sheet).toBe('{{name}} sheet');
  });
});

describe("a document's parts", () => {
  it('are counted, with the pages read from scans', () => {
    expect(partsSummary({ parts: 12, partKind: 'page', ocrParts: [4, 9] })).toEqual([
      { key: 'parts.page', values: { count: 12 } },
      { key: 'parts.scanned', values: { count: 2 } },
    ]);
    expect(partsSummary({ parts: 2, partKind: 'sheet', ocrParts: [] })).toHaveLength(1);
  });

  it('say what a made document came from', () => {
    expect(originText({ operation: 'upload', sourceId: null }, null)).toBeNull();
    expect(originText({ operation: 'translate', sourceId: 'd1' }, 'Báo cáo.pdf')).toEqual({
      key: 'origin.translate',
      values: { name: 'Báo cáo.pdf' },
    });
    expect(originText({ operation: 'convert', sourceId: 'gone' }, null)?.key).toBe(
      'origin.convertUnknown',
    );
    expect(originText({ operation: 'generate', sourceId: null }, null)?.key).toBe(
      'origin.generate',
    );
  });
});
