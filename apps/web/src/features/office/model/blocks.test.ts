import type { OfficeBlock } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { citedBlockIndex, nestListItems } from './blocks';

const item = (depth: number, text: string) => ({ depth, spans: [{ text }] });
const names = (nodes: ReturnType<typeof nestListItems>): unknown =>
  nodes.map((node) =>
    node.children.length ? [node.spans[0]?.text, names(node.children)] : node.spans[0]?.text,
  );

describe("a list's items by depth", () => {
  it('nest under the item before them and come back out', () => {
    const tree = nestListItems([
      item(0, 'Mục tiêu'),
      item(1, 'Doanh thu'),
      item(2, 'Miền Nam'),
      item(1, 'Chi phí'),
      item(0, 'Kết luận'),
    ]);
    expect(names(tree)).toEqual([
      ['Mục tiêu', [['Doanh thu', ['Miền Nam']], 'Chi phí']],
      'Kết luận',
    ]);
  });

  it('nest a jump of two levels one level down, and read an indented start as the top', () => {
    expect(names(nestListItems([item(0, 'A'), item(2, 'B'), item(1, 'C')]))).toEqual([
      ['A', ['B', 'C']],
    ]);
    expect(names(nestListItems([item(1, 'A'), item(1, 'B'), item(0, 'C')]))).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(nestListItems([])).toEqual([]);
  });
});

describe('a cited passage', () => {
  const blocks: OfficeBlock[] = [
    { type: 'heading', level: 1, spans: [{ text: 'Báo cáo quý III' }] },
    {
      type: 'paragraph',
      spans: [{ text: 'Doanh thu  quý III ' }, { text: 'tăng 12%', bold: true }],
    },
    {
      type: 'table',
      header: true,
      rows: [
        ['Vùng', 'Q3'],
        ['Miền Nam', '4,2'],
      ],
    },
  ];

  it('is found by its start, whatever the spaces and case', () => {
    expect(citedBlockIndex(blocks, 'doanh thu quý III tăng 12% so với cùng kỳ…')).toBe(1);
    expect(citedBlockIndex(blocks, 'Miền Nam 4,2')).toBe(2);
  });

  it('falls back to the first block, or to none in an empty part', () => {
    expect(citedBlockIndex(blocks, 'Not in this part')).toBe(0);
    expect(citedBlockIndex([], 'Anything')).toBe(-1);
  });
});
