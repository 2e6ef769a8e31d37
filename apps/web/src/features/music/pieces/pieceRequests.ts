import type { MusicComposeInput, MusicPiece } from '@studio/contracts';

/**
 * What a piece's actions ask for (POST /api/music/pieces with `from`): its own settings and model,
 * so the new piece belongs to its family.
 */
export function extendRequest(piece: MusicPiece, seconds: number): MusicComposeInput {
  return {
    model: piece.model,
    settings: piece.settings,
    from: { pieceId: piece.id, operation: 'extend', seconds },
  };
}

/** One section written again (the section's index in `piece.sections`). */
export function sectionRequest(piece: MusicPiece, sectionIndex: number): MusicComposeInput {
  return {
    model: piece.model,
    settings: piece.settings,
    from: { pieceId: piece.id, operation: 'section', sectionIndex },
  };
}

/** The same settings with another seed. */
export function varyRequest(piece: MusicPiece, seed: number): MusicComposeInput {
  return {
    model: piece.model,
    settings: { ...piece.settings, seed },
    from: { pieceId: piece.id, operation: 'vary' },
  };
}
