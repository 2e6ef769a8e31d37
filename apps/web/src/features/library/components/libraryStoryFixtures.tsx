import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { pieceFileKinds } from '../../../lib/media/pieceFiles';
import { VISITOR_CLIPS, VISITOR_IMAGES, VISITOR_PIECES } from '../../../lib/visitor/collections';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import type { VisitorEntry } from '../../../lib/visitor/visitorStorage';
import { musicLikeSamples, speechLikeSamples, wavBytes } from '../../../mocks/audio';
import { sampleGalleryImage, samplePng } from '../../../mocks/handlers/imageGallery';
import { samplePiece } from '../../../mocks/handlers/music';
import { sampleClips } from '../../../mocks/handlers/voice';

/* The library stories' browser: what a visitor made, kept in memory per story. */

export type Entries = Record<string, VisitorEntry<{ id: string }>[]>;

/** What a visitor made in this browser: a picture and its edit, a clip and a piece. */
export function browserThings(): Entries {
  const picture = sampleGalleryImage({
    id: 'visitor-img-1',
    jobId: 'job-v1',
    prompt: 'Ha Long Bay at sunrise, watercolour',
    createdAt: '2026-11-26T08:00:00.000Z',
    fileUrl: '/api/images/jobs/job-v1/images/0',
  });
  const edit = sampleGalleryImage({
    id: 'visitor-img-2',
    jobId: 'job-v2',
    mode: 'edit',
    parentId: 'visitor-img-1',
    prompt: 'Add a junk boat with red sails',
    createdAt: '2026-11-26T08:10:00.000Z',
    fileUrl: '/api/images/jobs/job-v2/images/0',
  });
  const base = sampleClips(2)[1];
  if (!base) throw new Error('No sample clip.');
  const clip = { ...base, id: 'visitor-clip-1', createdAt: '2026-11-26T08:20:00.000Z' };
  const piece = samplePiece({
    id: 'job-music-kept',
    title: 'Hà Nội autumn walk',
    settings: { genre: 'folk', mood: 'romantic', tempo: 96, durationSeconds: 20 },
    base: '/api/music/jobs/job-music-kept',
    createdAt: '2026-11-26T08:30:00.000Z',
  });
  const png = (n: number) => new Blob([samplePng(n)], { type: 'image/png' });
  const sound = (samples: Float32Array) => new Blob([wavBytes(samples)], { type: 'audio/wav' });
  const music = sound(musicLikeSamples(20, { seed: 3, tempo: 96, sections: 4 }));
  return {
    [VISITOR_IMAGES]: [
      { item: picture, file: png(1) },
      { item: edit, file: png(2) },
    ],
    [VISITOR_CLIPS]: [{ item: clip, file: sound(speechLikeSamples(3)) }],
    [VISITOR_PIECES]: pieceFileKinds(piece).map((kind) => ({
      item: kind === 'audio' ? piece : { id: `${piece.id}#${kind}`, pieceId: piece.id, kind },
      file: music,
    })),
  };
}

/** This browser's visitor collections, in memory, so no story leaves things for the next. */
export function inBrowser(entries: Entries = {}): Decorator {
  return function BrowserThings(Story) {
    const [storage] = useState(() => memoryVisitorStorage(entries));
    return (
      <VisitorStorageContext value={storage}>
        <Story />
      </VisitorStorageContext>
    );
  };
}
