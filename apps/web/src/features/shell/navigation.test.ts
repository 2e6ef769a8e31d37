import { describe, expect, it } from 'vitest';
import { footerLinks, headerGroups, sidebarGroups } from './navigation';

describe('the shell navigation', () => {
  it.each([
    ['sidebar', sidebarGroups],
    ['header menus', headerGroups],
  ])('lists each page once in the %s (issue 22 §5: "Help Center" twice)', (_, groups) => {
    const targets = groups.flatMap((group) => group.links.map((link) => link.to));
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it("opens the footer with Services and the AI tools menu's tools, in §2's order", () => {
    expect(footerLinks.slice(0, 5).map((link) => link.to)).toEqual([
      '/services',
      '/image-generator',
      '/imagen',
      '/office-tools',
      '/anime',
    ]);
  });
});
