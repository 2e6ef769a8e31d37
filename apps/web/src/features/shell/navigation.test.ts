import { describe, expect, it } from 'vitest';
import { headerGroups, sidebarGroups } from './navigation';

describe('the shell navigation', () => {
  it.each([
    ['sidebar', sidebarGroups],
    ['header menus', headerGroups],
  ])('lists each page once in the %s (issue 22 §5: "Help Center" twice)', (_, groups) => {
    const targets = groups.flatMap((group) => group.links.map((link) => link.to));
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets).size).toBe(targets.length);
  });
});
