import type { OfficeSource } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { answerSegments, citedSources } from './citations';

const sources: OfficeSource[] = [
  { n: 1, ref: { kind: 'page', number: 3, name: null }, excerpt: 'Doanh thu quý III tăng 12%' },
  { n: 2, ref: { kind: 'sheet', number: 1, name: 'Sales' }, excerpt: 'Region, Q3, Q4' },
];

describe("an answer's citations", () => {
  it('turn each [n] naming a source into a citation, keeping the text around it', () => {
    expect(answerSegments('Revenue rose 12% [1], mostly in the south [2].', sources)).toEqual([
      { kind: 'text', text: 'Revenue rose 12% ' },
      { kind: 'citation', n: 1, source: sources[0] },
      { kind: 'text', text: ', mostly in the south ' },
      { kind: 'citation', n: 2, source: sources[1] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('read a grouped marker as one citation per number', () => {
    expect(answerSegments('Both [1, 2]', sources).filter((s) => s.kind === 'citation')).toEqual([
      { kind: 'citation', n: 1, source: sources[0] },
      { kind: 'citation', n: 2, source: sources[1] },
    ]);
  });

  it('leave a marker naming no source, or a half-streamed one, as text', () => {
    expect(answerSegments('See [7] and [1', sources)).toEqual([
      { kind: 'text', text: 'See [7] and [1' },
    ]);
    expect(answerSegments('', sources)).toEqual([]);
  });

  it('list the sources cited, once each, in the order they are first cited', () => {
    expect(citedSources('A [2]. B [1]. C [2].', sources)).toEqual([sources[1], sources[0]]);
    expect(citedSources('Nothing cited.', sources)).toEqual([]);
  });
});
