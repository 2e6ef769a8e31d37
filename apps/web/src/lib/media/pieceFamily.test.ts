import { describe, expect, it } from 'vitest';
import { samplePiece } from '../../mocks/handlers/music';
import { familyFromPieces, familyMembers, familyRootId } from './pieceFamily';

const piece = samplePiece({
  id: 'job-1',
  title: 'Mưa đêm Hà Nội',
  settings: { genre: 'lofi', instruments: ['piano', 'bass'] },
  base: '/api/music/jobs/job-1',
  createdAt: '2026-11-27T09:00:00.000Z',
});

describe('a family', () => {
  const at = (hour: number) => `2026-11-27T0${hour}:00:00.000Z`;
  const root = { ...piece, id: 'a', createdAt: at(1) };
  const extended = {
    ...piece,
    id: 'b',
    parentId: 'a',
    operation: 'extend' as const,
    createdAt: at(2),
  };
  const varied = { ...piece, id: 'c', parentId: 'a', operation: 'vary' as const, createdAt: at(3) };
  const grandchild = {
    ...piece,
    id: 'd',
    parentId: 'b',
    operation: 'section' as const,
    createdAt: at(4),
  };
  const stranger = { ...piece, id: 'e', createdAt: at(5) };

  it('climbs to the root and lists it, then its descendants, parents first', () => {
    const all = [stranger, grandchild, varied, extended, root];
    expect(familyFromPieces(all, 'd').map(({ id }) => id)).toEqual(['a', 'b', 'd', 'c']);
    expect(familyFromPieces(all, 'e').map(({ id }) => id)).toEqual(['e']);
    expect(familyFromPieces(all, 'missing')).toEqual([]);
  });

  it('indents each member under its parent, oldest child first', () => {
    const family = [root, extended, varied, grandchild];
    expect(familyRootId(family)).toBe('a');
    expect(familyMembers(family, 'a').map(({ piece: p, depth }) => `${p.id}${depth}`)).toEqual([
      'a0',
      'b1',
      'd2',
      'c1',
    ]);
  });

  it('never loops on a cycle in stored data', () => {
    const loop = [
      { ...root, parentId: 'b' },
      { ...extended, parentId: 'a' },
    ];
    expect(familyFromPieces(loop, 'a').length).toBeGreaterThan(0);
  });
});
