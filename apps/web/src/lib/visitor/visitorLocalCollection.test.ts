import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../storage';
import { visitorLocalCollection, type LocalRecordFormat } from './visitorLocalCollection';

interface Note {
  text: string;
  pinned: boolean;
}

/** A note as two keys: its text, and a pin kept only when set. */
const noteFormat: LocalRecordFormat<Note, 'noteText' | 'notePinned'> = {
  fields: ['noteText', 'notePinned'],
  read: (stored) => ({ text: stored.noteText ?? '', pinned: stored.notePinned === 'yes' }),
  write: ({ text, pinned }) => ({ noteText: text, notePinned: pinned ? 'yes' : null }),
};

describe('visitorLocalCollection', () => {
  it('keeps each field under <field>:<id>, and a null field not at all', () => {
    const store = createMemoryStore();
    const notes = visitorLocalCollection(store, noteFormat);
    notes.save('visitor', { text: 'Hello', pinned: true });
    expect(store.get('noteText:visitor')).toBe('Hello');
    expect(store.get('notePinned:visitor')).toBe('yes');
    notes.save('visitor', { text: 'Hello', pinned: false });
    expect(store.get('notePinned:visitor')).toBeNull();
    expect(notes.get('visitor')).toEqual({ text: 'Hello', pinned: false });
  });

  it('reads what an earlier visit left under the same keys', () => {
    const store = createMemoryStore({ 'noteText:visitor': 'Kept', 'notePinned:visitor': 'yes' });
    expect(visitorLocalCollection(store, noteFormat).get('visitor')).toEqual({
      text: 'Kept',
      pinned: true,
    });
  });

  it('moves a record to another id, and removes one', () => {
    const store = createMemoryStore();
    const notes = visitorLocalCollection(store, noteFormat);
    notes.save('new', { text: 'Draft', pinned: true });
    notes.move('new', 'conv-1');
    expect(notes.get('conv-1')).toEqual({ text: 'Draft', pinned: true });
    expect(store.get('noteText:new')).toBeNull();
    notes.move('conv-1', 'conv-1');
    expect(notes.get('conv-1')).toEqual({ text: 'Draft', pinned: true });
    notes.remove('conv-1');
    expect(store.get('noteText:conv-1')).toBeNull();
    expect(store.get('notePinned:conv-1')).toBeNull();
  });
});
