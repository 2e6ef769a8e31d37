import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../lib/storage';
import { sampleGalleryImage } from '../../../mocks/handlers/imageGallery';
import { samplePiece } from '../../../mocks/handlers/music';
import { toLibraryItems } from '../visitor/visitorLibrary';
import { dismissalOf, isMoveDismissed, moveDismissalKey, readMoveDismissal } from './moveDismissal';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 27, hour)).toISOString();
const picture = (id: string, hour: number) => sampleGalleryImage({ id, createdAt: at(hour) });
const piece = (id: string, hour: number) => samplePiece({ id, settings: {}, createdAt: at(hour) });

const kept = toLibraryItems([picture('img-1', 1), picture('img-2', 3)], [], [piece('p-1', 2)]);

describe('"Not now" to moving this browser\'s things into the account', () => {
  it('remembers how many things there were and when the newest was made', () => {
    expect(dismissalOf(kept)).toEqual({ count: 3, newest: at(3) });
  });

  it('shows the offer until the user says "Not now"', () => {
    expect(isMoveDismissed(kept, null)).toBe(false);
    expect(isMoveDismissed(kept, dismissalOf(kept))).toBe(true);
  });

  it('stays quiet when things were moved or deleted since', () => {
    const dismissal = dismissalOf(kept);
    expect(isMoveDismissed(kept.slice(1), dismissal)).toBe(true);
    expect(isMoveDismissed([], dismissal)).toBe(true);
  });

  it('shows the offer again when the browser keeps something newer', () => {
    const dismissal = dismissalOf(kept);
    const newer = toLibraryItems([picture('img-3', 4)], [], []);
    expect(isMoveDismissed([...kept, ...newer], dismissal)).toBe(false);
    // Even when others went meanwhile: the new one was never declined.
    expect(isMoveDismissed([...kept.slice(2), ...newer], dismissal)).toBe(false);
  });

  it('shows the offer again when the browser keeps more than it did (an older thing came back)', () => {
    // Declined when one thing was kept (the newest); now the older two are back too.
    expect(isMoveDismissed(kept, { count: 1, newest: at(3) })).toBe(false);
  });

  it('is kept per account, and read back only when well-formed', () => {
    const store = createMemoryStore();
    store.set(moveDismissalKey('user-linh'), JSON.stringify(dismissalOf(kept)));
    expect(readMoveDismissal(store.get(moveDismissalKey('user-linh')))).toEqual({
      count: 3,
      newest: at(3),
    });
    expect(readMoveDismissal(store.get(moveDismissalKey('user-minh')))).toBeNull();
    expect(readMoveDismissal('{"count":"3"}')).toBeNull();
    expect(readMoveDismissal('{"count":2,"newest":5}')).toBeNull();
    expect(readMoveDismissal('not json')).toBeNull();
    expect(readMoveDismissal('{"count":0,"newest":null}')).toEqual({ count: 0, newest: null });
  });
});
