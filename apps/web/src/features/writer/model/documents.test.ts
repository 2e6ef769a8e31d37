import { describe, expect, it } from 'vitest';
import { addVisitorVersion, excerptOf, newVisitorWriting, titleOf } from './documents';

describe('titleOf', () => {
  it("is the first line without Markdown's marks", () => {
    expect(titleOf('\n# **Cà phê** sáng\n\nText', 'Untitled')).toBe('Cà phê sáng');
    expect(titleOf('   ', 'Untitled')).toBe('Untitled');
  });
});

describe('excerptOf', () => {
  it("reads as prose, without Markdown's marks", () => {
    expect(excerptOf('# Title\n\nSome **bold** words.\n- an item')).toBe(
      'Title Some bold words. an item',
    );
  });
});

describe("a visitor's versions", () => {
  it('numbers each version and keeps the newest first', () => {
    const now = new Date('2026-11-27T09:00:00.000Z');
    const first = newVisitorWriting(
      { kind: 'generate', content: '# One', template: 'blog-post' },
      'en',
      'Untitled',
      now,
    );
    const second = addVisitorVersion(first, { kind: 'edit', content: '# Two' }, 'Untitled', now);
    const third = addVisitorVersion(
      second,
      { kind: 'restore', content: '# One', restoredFrom: 1 },
      'Untitled',
      now,
    );
    expect(third.history.map((version) => [version.number, version.kind])).toEqual([
      [3, 'restore'],
      [2, 'edit'],
      [1, 'generate'],
    ]);
    expect(third).toMatchObject({
      title: 'One',
      template: 'blog-post',
      content: '# One',
      versions: 3,
      currentVersion: 3,
    });
    expect(third.history[0]?.documentId).toBe(first.id);
  });
});
