import { describe, expect, it } from 'vitest';
import { magicWords, replyTo, type PromptMessage } from '../src/models/replies.ts';

const user = (text: string): PromptMessage => ({ role: 'user', text, images: [] });
const onePixel = { mimeType: 'image/png', width: 1, height: 1, bytes: 70 };

/**
 * Users read the sandbox model's replies: they read as a plain demo model's answers. The magic
 * words work (tests and the README use them) but no reply explains them, and none names the
 * model's id or tells the reader to type anything.
 */
describe('the sandbox chat replies, as a user reads them', () => {
  const prompts = [
    'Hello there',
    'Tell me about rivers [long]',
    'Write a TypeScript function [slow]',
    'Go on [long] [slow]',
    'Xin chào, bạn khỏe không?',
    'Viết một hàm lập trình [long]',
    '',
  ];
  const conversations: PromptMessage[][] = [
    ...prompts.map((prompt) => [user(prompt)]),
    [user('First'), { role: 'assistant', text: 'Hi!', images: [] }, user('Second [long]')],
    [{ role: 'user', text: 'What is this?', images: [onePixel] }],
  ];

  it.each(conversations.map((messages) => [messages.at(-1)?.text ?? '', messages] as const))(
    'explains no magic word and no model id (%j)',
    (_, messages) => {
      const { text } = replyTo(messages);
      expect(text.length).toBeGreaterThan(0);
      for (const word of Object.values(magicWords)) expect(text).not.toContain(word);
      expect(text).not.toMatch(/\bsandbox\b/i);
      expect(text).not.toMatch(/model id|mã `|\btype\b|\bgõ\b/i);
    },
  );

  it('still obeys the magic words', () => {
    expect(replyTo([user('Go on [long]')]).text).toContain('Paragraph 12.');
    expect(replyTo([user('Chậm thôi [slow]')]).pace).toBe('slow');
    expect(replyTo([user('Break [fail]')]).fail).toBe(true);
    expect(replyTo([user('Hello')]).pace).toBe('normal');
  });

  it('reads as a demo model in the language of the message', () => {
    expect(replyTo([user('Hello there')]).text).toContain('from the **demo model**');
    expect(replyTo([user('Xin chào bạn')]).text).toContain('của **mô hình thử nghiệm**');
  });
});
