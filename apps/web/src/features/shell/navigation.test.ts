import { aiToolsMenu, studioTool } from '@studio/contracts/tools';
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

  it("opens the footer with Services and the AI tools menu's tools", () => {
    const tools = aiToolsMenu.map((id) => studioTool(id).path);
    expect(footerLinks.slice(0, tools.length + 1).map((link) => link.to)).toEqual([
      '/services',
      ...tools,
    ]);
  });

  it("reaches every route §2 names for the footer, in §2's order", () => {
    const targets = footerLinks.map((link) => link.to);
    const named = [
      '/services',
      '/imagen',
      '/office-tools',
      '/anime',
      '/service-usage-policy',
      '/purchases-refunds',
      '/ownership-ip',
      '/shipping-inspection',
      '/vnpay-instructions',
    ];
    const positions = named.map((to) => targets.indexOf(to));
    expect(positions).not.toContain(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
