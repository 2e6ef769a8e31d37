import { screen } from '@testing-library/react';
import { studioTools } from '@studio/contracts/tools';
import { describe, expect, it } from 'vitest';
import { listFormatter } from '../../../lib/listFormat';
import { renderPage } from '../testing/renderPage';
import { HelpCenterPage } from './HelpCenterPage';

describe("the Help Center's answer about the tools", () => {
  it.each(['en', 'vi'] as const)(
    'names the open tools and those coming soon from the tool manifest (%s)',
    (language) => {
      const { i18n, missingKeys } = renderPage(<HelpCenterPage />, { language, route: '/help' });
      const names = (available: boolean) =>
        listFormatter(language)(
          studioTools
            .filter((tool) => tool.available === available)
            .map((tool) => i18n.t(`services:tools.${tool.id}.name`)),
        );
      const answer = document.getElementById('other-tools-answer');
      expect(answer).not.toBeNull();
      const text = answer?.textContent ?? '';
      expect(text).toContain(names(true));
      expect(text).toContain(names(false));
      expect(text.indexOf(names(true))).toBeLessThan(text.indexOf(names(false)));
      expect(text).not.toContain('{{');
      expect(missingKeys).toEqual([]);
    },
  );

  it('is found by searching for a tool coming soon', async () => {
    const { user } = renderPage(<HelpCenterPage />, { route: '/help' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search the Help Center' }),
      'music creator',
    );
    expect(
      screen.getByRole('button', { name: 'When will the other tools be available?' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 question found');
  });
});
