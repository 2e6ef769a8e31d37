import { describe, expect, it } from 'vitest';
import { chatHandlers } from '../../../mocks/handlers/chat';
import { server } from '../../../test/server';
import { chatErrorMessage, ChatQuotaError } from './errors';
import { getChatModels } from './getChatModels';
import { rewrite } from './rewrite';
import { sendMessage } from './sendMessage';
import { uploadImage } from './uploadImage';

describe('chat API calls', () => {
  it('reads the models the user may use, with the default', async () => {
    const models = await getChatModels();
    expect(models.defaultModelId).toBe('gpt-4o-mini');
    expect(models.models.find((model) => model.id === 'claude-sonnet')?.available).toBe(false);
  });

  it('gives no words of its own when loading models fails silently (the view says why)', async () => {
    server.use(chatHandlers.modelsError);
    const failure = await getChatModels().catch((error: unknown) => error);
    expect(chatErrorMessage(failure)).toBeNull();
  });

  it('sends a message and gets the whole reply', async () => {
    const answer = await sendMessage({ Message: 'Hello', ModelId: 'gpt-4o-mini' });
    expect(answer.message.content).toBe('You said: Hello');
    expect(answer.conversationId).toBeNull();
  });

  it('turns a 429 quota body into ChatQuotaError', async () => {
    server.use(chatHandlers.sendQuota);
    const failure = await sendMessage({ Message: 'Hello', ModelId: 'm' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ChatQuotaError);
    expect((failure as ChatQuotaError).quota.resetsAt).toBe('2026-11-22T00:00:00.000Z');
  });

  it('rewrites a prompt by an instruction', async () => {
    const answer = await rewrite('hello', 'translate-vi', 'gpt-4o-mini');
    expect(answer).toEqual({ text: '[translate-vi] hello', modelId: 'gpt-4o-mini' });
  });

  // The multipart body itself is left to the stories (a real browser): jsdom's FormData does not
  // reach MSW as multipart.
  it("passes on the server's words when an upload is refused", async () => {
    server.use(chatHandlers.uploadError);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const failure = await uploadImage(file).catch((error: unknown) => error);
    expect(chatErrorMessage(failure)).toBe('The file is not a supported image.');
  });
});
