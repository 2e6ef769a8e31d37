import { chatModelsResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { sampleModels } from '../../../mocks/handlers/chat';
import { readChatModels } from './getChatModels';

// The MSW handlers' first sample model: one source for what a valid model looks like.
const [model] = sampleModels.models;
const body = { models: [model], defaultModelId: 'gpt-4o-mini', sandbox: false, pullCommand: null };

describe('readChatModels agrees with the contract (chatModelsResponse)', () => {
  it.each([
    body,
    { ...body, models: [], defaultModelId: null, sandbox: true, pullCommand: 'pnpm models:pull' },
    // Unknown fields are dropped, as the schema drops them.
    { ...body, extra: 1, models: [{ ...model, endpoint: 'https://internal.test' }] },
    { ...body, models: [{ ...model, provider: 'local', capabilities: [], plan: 'godmode' }] },
    { ...body, models: [{ ...model, provider: 'someone-else' }] },
    { ...body, models: [{ ...model, capabilities: ['text', 'smell'] }] },
    { ...body, models: [{ ...model, capabilities: 'text' }] },
    { ...body, models: [{ ...model, plan: 'gold' }] },
    { ...body, models: [{ ...model, available: 'yes' }] },
    { ...body, models: [{ ...model, id: 7 }] },
    { ...body, models: [{ ...model, name: undefined }] },
    { ...body, models: [null] },
    { ...body, models: {} },
    { ...body, defaultModelId: 7 },
    { ...body, sandbox: 'false' },
    { models: [model], defaultModelId: null, sandbox: false },
    [],
    null,
    'models',
  ])('%j', (answer) => {
    const contract = chatModelsResponse.safeParse(answer);
    if (contract.success) expect(readChatModels(answer)).toEqual(contract.data);
    else expect(() => readChatModels(answer)).toThrow();
  });
});
