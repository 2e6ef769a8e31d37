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

  it('keeps every word and punctuation of the first message in the fallback title (issue 22 §4)', async () => {
    const user = await chatUser(t.app);
    models.model('text-model').generateFailures.push(new Error('title upstream down'));
    const sent = await send(user, 'Trip plan - Visit **Hanoi** and `Hue`');
    expect(sent.title).toBe('Trip plan - Visit Hanoi and Hue');

    const other = await chatUser(t.app);
    models.model('text-model').generateFailures.push(new Error('title upstream down'));
    const long = await send(
      other,
      'Hello! Can you show me a list of the best street food in Hanoi, with prices and addresses?',
    );
    // 60 characters at most, cut after a whole word.
    expect(long.title).toBe('Hello! Can you show me a list of the best street food in…');
  });

  it('lists a long last message cut after a whole word, with an ellipsis', async () => {
    const user = await chatUser(t.app);
    const words = 'Việt Nam có nhiều món ăn đường phố ngon: phở, bún chả, bánh mì và cà phê trứng.';
    await send(user, `**${words}** ${words} ${words}`);
    const preview = (await listed(user))[0]?.preview ?? '';
    expect(preview.endsWith('…')).toBe(true);
    const shown = preview.slice(0, -1);
    // Every shown word is a whole word of the message, in order, and nothing is Markdown.
    expect(`Echo: ${words} ${words} ${words}`.startsWith(shown)).toBe(true);
    expect(`Echo: ${words} ${words} ${words}`.charAt(shown.length)).toBe(' ');
    expect(shown).not.toContain('*');
  });

  it('lists the last message as plain text', async () => {
    const user = await chatUser(t.app);
    await send(user, 'Hello\n\n- **bold** and `code`\n- [a link](https://example.com)');
    expect((await listed(user))[0]?.preview).toBe('Echo: Hello bold and code a link');
  });
});
