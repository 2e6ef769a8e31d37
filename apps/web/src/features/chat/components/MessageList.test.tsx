import type { ChatMessage } from '@studio/contracts';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { MessageList } from './MessageList';

const question: ChatMessage = {
  id: 'u1',
  role: 'user',
  content: 'Plan a trip',
  createdAt: '2026-11-25T10:17:00.000Z',
  modelId: null,
  imageUrls: [],
  status: 'complete',
};
const reply: ChatMessage = { ...question, id: 'a1', role: 'assistant', content: '', modelId: 'm' };
const finished =
  '# Trip plan\n\nVisit **Hanoi**, then `Hue`:\n\n- [Old Quarter](https://example.com)';

/** A reply that starts streaming, then finishes, when the test says so. */
function Streaming() {
  const [phase, setPhase] = useState<'idle' | 'streaming' | 'done'>('idle');
  const messages =
    phase === 'idle'
      ? [question]
      : [question, { ...reply, content: phase === 'done' ? finished : 'Trip' }];
  return (
    <>
      <button type="button" onClick={() => setPhase(phase === 'idle' ? 'streaming' : 'done')}>
        next
      </button>
      <MessageList
        messages={messages}
        streamingId={phase === 'streaming' ? 'a1' : null}
        busy={phase === 'streaming'}
        onRegenerate={vi.fn()}
        onEdit={vi.fn()}
      />
    </>
  );
}

describe('MessageList (issue 13 §8)', { timeout: 60_000 }, () => {
  it('announces the finished reply as text, not its Markdown source', async () => {
    const { user } = renderInApp(<Streaming />);
    const status = await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(status).toHaveTextContent('The assistant is replying…');
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(status).toHaveTextContent('Trip plan Visit Hanoi, then Hue: Old Quarter');
    expect(status.textContent).not.toMatch(/[#*`[\]]/);
  });

  it("shows a message's time in the one format for moments", async () => {
    renderInApp(<Streaming />);
    const times = await screen.findAllByText('Nov 25, 2026, 10:17 AM');
    expect(times[0]?.tagName).toBe('TIME');
  });
});
