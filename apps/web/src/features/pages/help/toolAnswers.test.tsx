import { screen } from '@testing-library/react';
import { studioTools } from '@studio/contracts/tools';
import { describe, expect, it } from 'vitest';
import { listFormatter } from '../../../lib/listFormat';
import { renderPage } from '../testing/renderPage';
import { HelpCenterPage } from './HelpCenterPage';
import { withToolQuestion } from './toolAnswers';

const question = (id: string) => ({ id, question: id, answer: [id] });
const groups = [
  {
    id: 'getting-started',
    title: 'Getting started',
    questions: [question('first'), question('other-tools'), question('all-tools')],
  },
];

describe("the Help Center's answer about the tools", () => {
  it('asks when the rest open while a tool is announced, and which to use once all are open', () => {
    const ids = (tools: { available: boolean }[]) =>
      withToolQuestion(groups, tools)[0]?.questions.map((entry) => entry.id);
    expect(ids([{ available: true }, { available: false }])).toEqual(['first', 'other-tools']);
    expect(ids([{ available: true }, { available: true }])).toEqual(['first', 'all-tools']);
  });

  it.each(['en', 'vi'] as const)(
    'names the open tools from the tool manifest, and none as coming soon (%s)',
    (language) => {
      const { i18n, missingKeys } = renderPage(<HelpCenterPage />, { language, route: '/help' });
      // All nine are open: the answer says which they are, and no "coming soon" question is left.
      expect(studioTools.every((tool) => tool.available)).toBe(true);
      const names = listFormatter(language)(
        studioTools.map((tool) => i18n.t(`services:tools.${tool.id}.name`)),
      );
      expect(document.getElementById('other-tools-answer')).toBeNull();
      const text = document.getElementById('all-tools-answer')?.textContent ?? '';
      expect(text).toContain(names);
      expect(text).not.toContain('{{');
      expect(missingKeys).toEqual([]);
    },
  );

  it('is found by searching for a tool', async () => {
    const { user } = renderPage(<HelpCenterPage />, { route: '/help' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search the Help Center' }),
      'content writer',
    );
    expect(screen.getByRole('button', { name: 'Which tools can I use?' })).toBeVisible();
  });
});
