import { chatSendResponse, conversationsResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { call } from './support/auth.ts';
import { as, type ChatUser, chatUser, sendBody, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';

/**
 * Titles and list previews are shown as text (sidebar, chat heading, share page), so they are
 * stored and listed without Markdown (issue 13 §8: "# Trip plan - Visit **Hanoi** …").
 */
describe.each(databaseKinds)('plain-text titles and previews on %s', (kind) => {
  const { t, models } = useChatTestApp(kind);

  async function send(user: ChatUser, message: string) {
    const response = await call(
      t.app,
      'POST',
      '/api/chat/send',
      sendBody({ Message: message }),
      as(user),
    );
    expect(response.statusCode, response.body).toBe(200);
    return chatSendResponse.parse(response.json());
  }

  async function listed(user: ChatUser) {
    const response = await call(t.app, 'GET', '/api/chat/conversations', undefined, as(user));
    expect(response.statusCode, response.body).toBe(200);
    return conversationsResponse.parse(response.json()).items;
  }

  it('falls back to the first message as plain text when no title is generated', async () => {
    const user = await chatUser(t.app);
    models.model('text-model').generateFailures.push(new Error('title upstream down'));
    const sent = await send(user, '# Trip plan - Visit **Hanoi** with `family`');
    expect(sent.title).toBe('Trip plan - Visit Hanoi with family');
    expect((await listed(user))[0]?.title).toBe('Trip plan - Visit Hanoi with family');
  });

  it("keeps a model's Markdown out of the generated title", async () => {
    const user = await chatUser(t.app);
    // The scripted model titles with the message's first three words: "**Visit Hanoi** soon".
    const sent = await send(user, '**Visit Hanoi** soon please');
    expect(sent.title).toBe('Visit Hanoi soon');
  });

  it('lists the last message as plain text', async () => {
    const user = await chatUser(t.app);
    await send(user, 'Hello\n\n- **bold** and `code`\n- [a link](https://example.com)');
    expect((await listed(user))[0]?.preview).toBe('Echo: Hello bold and code a link');
  });
});
