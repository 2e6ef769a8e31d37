import { describe, expect, it } from 'vitest';
import { blockText, partText, type DocumentPart } from '../src/index.ts';

describe('the document model as plain text', () => {
  it('lays each block out as text, a table by tabs and a list by items', () => {
    const part: DocumentPart = {
      ref: { kind: 'page', number: 1, name: null },
      source: 'text',
      blocks: [
        { type: 'heading', level: 1, spans: [{ text: 'Báo cáo ' }, { text: 'quý', bold: true }] },
        {
          type: 'list',
          ordered: false,
          items: [
            { depth: 0, spans: [{ text: 'one' }] },
            { depth: 1, spans: [{ text: 'two' }] },
          ],
        },
        {
          type: 'table',
          header: true,
          rows: [
            ['a', 'b'],
            ['1', '2'],
          ],
        },
        { type: 'paragraph', spans: [] },
      ],
    };
    const [heading] = part.blocks;
    expect(heading && blockText(heading)).toBe('Báo cáo quý');
    expect(partText(part)).toBe('Báo cáo quý\n\n- one\n  - two\n\na\tb\n1\t2');
  });
});
