import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { provideEarly } from '../../../lib/api/earlyRequests';
import { chatStorageKey, createMemoryStore } from '../../../lib/storage';
import { chatHandlers, sampleModels } from '../../../mocks/handlers/chat';
import { renderApp, renderInApp } from '../../../test/render';
import { server } from '../../../test/server';
import { ChatView } from './ChatView';

function renderChat(options: Parameters<typeof renderInApp>[1] = {}) {
  const onConversationChange = vi.fn();
  const view = renderInApp(
    <ChatView signedIn={false} conversationId={null} onConversationChange={onConversationChange} />,
    options,
  );
  return { ...view, onConversationChange };
}

async function messageBox() {
  return screen.findByRole('textbox', { name: 'Message' });
}

describe('ChatView', () => {
  it('streams a reply to a visitor; Enter sends, Shift+Enter makes a new line', async () => {
    const { user } = renderChat();
    const model = await screen.findByRole('combobox', { name: 'Model' });
    expect(model).toHaveValue('gpt-4o-mini');
    const box = await messageBox();
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(box).toHaveValue('Hello\nthere');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You said: Hello there')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Regenerate reply' })).toBeEnabled();
  });

  it("shows 'Failed to send message' when nobody said why, and gives the text back", async () => {
    server.use(chatHandlers.streamBareError);
    const { user } = renderChat();
    const box = await messageBox();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(box, 'Keep this text{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(box).toHaveValue('Keep this text');
  });

  it('shows the server’s own words when it gave them', async () => {
    server.use(chatHandlers.streamServerError);
    const { user } = renderChat();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
  });

  it("tells the reader when to try again after the model provider's rate limit", async () => {
    server.use(chatHandlers.streamRateLimited);
    const { user } = renderChat();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(await messageBox(), 'Hi{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The model is getting too many requests right now. Try again in 20 seconds.',
    );
  });

  it('explains the quota with an upgrade link', async () => {
    server.use(chatHandlers.streamQuota);
    const { user } = renderChat();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText('Daily limit reached')).toBeInTheDocument();
    expect(screen.getByText('You have used all 20 free messages for today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade for more messages' })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  it('stops a reply: Send turns into Stop, and the reply is kept as stopped', async () => {
    server.use(chatHandlers.streamHanging);
    const { user } = renderChat();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(await messageBox(), 'Tell me a story{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Messages' });
    expect(within(list).getByText('You said:', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('locks models above the plan, with a link to the plans', async () => {
    renderChat();
    const model = await screen.findByRole('combobox', { name: 'Model' });
    expect(within(model).getByRole('option', { name: 'Claude Sonnet (Pro plan)' })).toBeDisabled();
    expect(screen.getByText('1 model needs a higher plan.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });

  it('remembers the model chosen, per user', async () => {
    const store = createMemoryStore();
    const { user } = renderChat({ services: { store } });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Model' }),
      'llama-3.1-8b',
    );
    expect(store.get(chatStorageKey('chatModel', 'visitor'))).toBe('llama-3.1-8b');
  });

  it("says 'Failed to load chat models' and can try again", async () => {
    server.use(chatHandlers.modelsError);
    const { user } = renderChat();
    expect(await screen.findByText('Failed to load chat models')).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Model' })).toBeInTheDocument();
  });

  it('shows the models the early request answered in its first render, asking nothing', () => {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', record);
    provideEarly('chatModels', { ...sampleModels, defaultModelId: 'llama-3.1-8b' });
    renderChat();
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('llama-3.1-8b');
    expect(asked).not.toContain('/api/chat/models/chat');
    server.events.removeListener('request:start', record);
  });

  it('names the demo model in the reader’s language', async () => {
    server.use(chatHandlers.modelsSandbox);
    renderChat();
    const picker = await screen.findByRole('combobox', { name: 'Model' });
    expect(within(picker).getByRole('option', { name: 'Demo model' })).toBeInTheDocument();
    expect(screen.queryByText(/sandbox/i)).toBeNull();
  });

  it('names the demo model in Vietnamese, with no English beside it', async () => {
    server.use(chatHandlers.modelsSandbox);
    renderChat({ language: 'vi' });
    const picker = await screen.findByRole('combobox', { name: 'Mô hình' });
    expect(within(picker).getByRole('option', { name: 'Mô hình thử nghiệm' })).toBeInTheDocument();
    expect(screen.queryByText(/sandbox/i)).toBeNull();
  });

  it('shows the name an operator gave a model as it is', async () => {
    renderChat({ language: 'vi' });
    const picker = await screen.findByRole('combobox', { name: 'Mô hình' });
    expect(within(picker).getByRole('option', { name: 'GPT-4o mini' })).toBeInTheDocument();
  });

  it('improves the prompt and can undo it', async () => {
    const { user } = renderChat();
    await screen.findByRole('combobox', { name: 'Model' });
    const box = await messageBox();
    await user.type(box, 'make this better');
    await user.click(screen.getByRole('button', { name: 'Improve prompt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Fix grammar' }));
    await waitFor(() => expect(box).toHaveValue('[grammar] make this better'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(box).toHaveValue('make this better');
  });

  it('says plainly that a demo model answers when it stands in for a local model', async () => {
    server.use(chatHandlers.modelsSandboxStandIn);
    const { user } = renderChat();
    const banner = await screen.findByRole('note', { name: 'About the demo model' });
    expect(banner).toHaveTextContent('Demo model: sample answers, not a real AI.');
    // The command that installs a model is the operator's, not the user's (issue 13 §8).
    expect(banner).not.toHaveTextContent(/models:pull|restart|run /);
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('note', { name: 'About the demo model' })).toBeNull();
  });

  it('shows no banner when the sandbox is configured on purpose', async () => {
    server.use(chatHandlers.modelsSandbox);
    renderChat();
    await screen.findByRole('option', { name: 'Demo model' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('explains the sandbox in Vietnamese', async () => {
    server.use(chatHandlers.modelsSandboxStandIn);
    renderChat({ language: 'vi' });
    const banner = await screen.findByRole('note', { name: 'Về mô hình thử nghiệm' });
    expect(banner).toHaveTextContent(
      'Mô hình thử nghiệm (demo): câu trả lời mẫu, không phải AI thật.',
    );
    expect(banner).not.toHaveTextContent(/models:pull/);
  });

  it('shows the place in the local model’s line instead of the typing caret', async () => {
    server.use(chatHandlers.streamQueuedThenReply);
    const { user } = renderChat();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(await messageBox(), 'Hello{Enter}');
    const list = await screen.findByRole('region', { name: 'Messages' });
    const reply = await within(list).findByRole('listitem', { name: 'Assistant' });
    expect(
      await within(reply).findByText('Waiting for the local model… (2 ahead of you)'),
    ).toBeInTheDocument();
    expect(within(list).getByRole('status')).toHaveTextContent(
      'Waiting for the local model… (2 ahead of you)',
    );
    expect(
      await within(reply).findByText('Waiting for the local model… (next)'),
    ).toBeInTheDocument();
    expect(await within(reply).findByText('You said: Hello')).toBeInTheDocument();
    expect(within(reply).queryByText(/Waiting for the local model/)).toBeNull();
  });

  it('says where the reply waits in Vietnamese', async () => {
    server.use(chatHandlers.streamQueued);
    const { user } = renderChat({ language: 'vi' });
    await screen.findByRole('combobox', { name: 'Mô hình' });
    await user.type(await screen.findByRole('textbox', { name: 'Tin nhắn' }), 'Chào{Enter}');
    expect(
      await screen.findByText('Đang chờ mô hình cục bộ… (còn 2 yêu cầu trước bạn)', {
        selector: 'p',
      }),
    ).toBeInTheDocument();
  });

  it('speaks Vietnamese', async () => {
    renderChat({ language: 'vi' });
    expect(await screen.findByRole('combobox', { name: 'Mô hình' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi' })).toBeDisabled();
  });

  it('is on / for visitors, loaded after the home page', async () => {
    const { user } = renderApp({ initialEntries: ['/'] });
    // The first import of the lazy chunk compiles it: give it time.
    expect(
      await screen.findByRole('heading', { name: 'Try the chat' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('combobox', { name: 'Model' });
    await user.type(await messageBox(), 'Hi from home{Enter}');
    expect(await screen.findByText('You said: Hi from home')).toBeInTheDocument();
  });
});
