import type { ConversationSummary } from '@studio/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { ConversationItem } from './ConversationItem';

const markdownConversation: ConversationSummary = {
  id: 'conv-md',
  title: '# Trip plan - Visit **Hanoi**',
  modelId: 'gpt-4o-mini',
  createdAt: '2026-11-25T10:17:00.000Z',
  updatedAt: '2026-11-25T10:17:00.000Z',
  messageCount: 2,
  preview: '## Day 1\n- See the `Old Quarter` and [Hoan Kiem](https://example.com)',
};

function renderItem(language: 'en' | 'vi' = 'en') {
  return renderInApp(
    <ul>
      <ConversationItem
        conversation={markdownConversation}
        active={false}
        onSelect={vi.fn()}
        onRenamed={vi.fn()}
        onShare={vi.fn()}
        onDelete={vi.fn()}
        onExport={vi.fn()}
      />
    </ul>,
    { language },
  );
}

describe('ConversationItem (issue 13 §8)', { timeout: 60_000 }, () => {
  it('shows the title and preview as text, not Markdown, with the list date', async () => {
    renderItem();
    const item = await screen.findByRole('button', { name: /^Trip plan/ });
    expect(item).toHaveTextContent(
      'Trip plan - Visit HanoiNov 25, 2026 · Day 1 See the Old Quarter and Hoan Kiem',
    );
    expect(
      screen.getByRole('button', { name: 'Actions for Trip plan - Visit Hanoi' }),
    ).toBeInTheDocument();
  });

  it('writes the date the Vietnamese way', async () => {
    renderItem('vi');
    expect(await screen.findByRole('button', { name: /^Trip plan/ })).toHaveTextContent(
      '25/11/2026 · Day 1',
    );
  });
});
