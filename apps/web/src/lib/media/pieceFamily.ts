import type { MusicPiece } from '@studio/contracts';

/** A member of a family as the family view lists it: how deep it hangs under the root. */
export interface FamilyMember {
  piece: MusicPiece;
  depth: number;
}

const byAge = (a: MusicPiece, b: MusicPiece) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1;

/**
 * A piece's family from a set of pieces that name their parents (a visitor's kept pieces): its
 * root ancestor, then every descendant, parents before children, as GET …/family answers. A
 * parent missing from the set (deleted) ends the climb. Empty when the piece is not in the set.
 */
export function familyFromPieces(pieces: readonly MusicPiece[], id: string): MusicPiece[] {
  const byId = new Map(pieces.map((piece) => [piece.id, piece]));
  let root = byId.get(id);
  if (!root) return [];
  // Stored data may be anything: a cycle must not loop forever.
  const climbed = new Set([root.id]);
  for (let parent = root.parentId ? byId.get(root.parentId) : undefined; parent;) {
    if (climbed.has(parent.id)) break;
    climbed.add(parent.id);
    root = parent;
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  // Only the root's descendants: a piece of another family must not hang under this root.
  const members = [root];
  for (let at = 0; at < members.length; at += 1) {
    const parentId = members[at]?.id;
    for (const piece of pieces) {
      if (piece.parentId === parentId && !members.includes(piece)) members.push(piece);
    }
  }
  return familyMembers(members, root.id).map(({ piece }) => piece);
}

/**
 * A family in reading order (depth first, oldest child first) with each member's depth: the
 * root at 0. A member whose parent is not in the list hangs under the root rather than being
 * lost. Empty when the root is not in the list.
 */
export function familyMembers(family: readonly MusicPiece[], rootId: string): FamilyMember[] {
  const root = family.find((piece) => piece.id === rootId);
  if (!root) return [];
  const ids = new Set(family.map((piece) => piece.id));
  const childrenOf = new Map<string, MusicPiece[]>();
  for (const piece of [...family].sort(byAge)) {
    if (piece.id === root.id) continue;
    const parent = piece.parentId && ids.has(piece.parentId) ? piece.parentId : root.id;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), piece]);
  }
  const members: FamilyMember[] = [];
  const seen = new Set<string>();
  const visit = (piece: MusicPiece, depth: number) => {
    if (seen.has(piece.id)) return;
    seen.add(piece.id);
    members.push({ piece, depth });
    for (const child of childrenOf.get(piece.id) ?? []) visit(child, depth + 1);
  };
  visit(root, 0);
  return members;
}

/** The root of a family as the server lists it (parents first): the one without a parent in it. */
export function familyRootId(family: readonly MusicPiece[]): string | null {
  const ids = new Set(family.map((piece) => piece.id));
  return family.find((piece) => !piece.parentId || !ids.has(piece.parentId))?.id ?? null;
}
