import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '../../test/server';
import { createMemoryStore } from '../storage';
import { createApiClient } from './clients';
import { sharedFailureTexts } from '@studio/contracts/sharedFailures';
import en from '../../../public/locales/en/common.json';
import vi from '../../../public/locales/vi/common.json';
import {
  conditionTexts,
  errorText,
  HttpFailure,
  isContractMismatch,
  serverMessage,
  serverTextKey,
} from './errorText';

const url = 'http://api.test/api/thing';

/** An API client on a public page, with a short timeout. */
const client = createApiClient(
  { withCredentials: false, timeout: 100 },
  {
    baseUrl: async () => '',
    language: () => 'en',
    currentPath: () => '/',
    redirectToLogin: () => undefined,
    store: createMemoryStore(),
  },
);

/** Makes a real request (answered by MSW) and returns what the client rejected with. */
async function failureOf(respond: () => Response | Promise<Response> | Promise<void>) {
  server.use(http.get(url, respond));
  try {
    await client.get(url);
  } catch (error) {
    return error;
  }
  throw new Error('The request did not fail.');
}

describe('errorText: §8 "Error text choice", in order', () => {
  it('1. a string body', async () => {
    const error = await failureOf(() => HttpResponse.text('Plain words', { status: 400 }));
    expect(errorText(error)).toBe('Plain words');
  });

  it('2. else body.message', async () => {
    const error = await failureOf(() =>
      HttpResponse.json({ message: 'From message', error: 'From error' }, { status: 400 }),
    );
    expect(errorText(error)).toBe('From message');
  });

  it('3. else body.error', async () => {
    const error = await failureOf(() =>
      HttpResponse.json({ error: 'From error', errors: ['a'] }, { status: 400 }),
    );
    expect(errorText(error)).toBe('From error');
  });

  it('4. else the joined errors list', async () => {
    const error = await failureOf(() =>
      HttpResponse.json({ errors: ['Email is required', 'Name is required'] }, { status: 422 }),
    );
    expect(errorText(error)).toBe('Email is required, Name is required');
  });

  it('4. also joins an errors map of field → messages', () => {
    expect(
      serverMessage({ errors: { email: ['Email is invalid'], name: ['Name is required'] } }),
    ).toBe('Email is invalid, Name is required');
  });

  it('skips empty texts and falls through to the condition', async () => {
    const error = await failureOf(() =>
      HttpResponse.json({ message: '  ', error: '', errors: [] }, { status: 404 }),
    );
    expect(errorText(error)).toBe('The requested resource was not found.');
  });

  it('timeout', async () => {
    const error = await failureOf(() => delay('infinite'));
    expect(errorText(error)).toBe('Request timed out. Please try again.');
  });

  it('no response', async () => {
    const error = await failureOf(() => HttpResponse.error());
    expect(errorText(error)).toBe('Network error. Please check your connection.');
  });

  it.each([
    [400, 'Invalid request. Please check your input.'],
    [401, 'Authentication required. Please log in.'],
    [403, "You don't have permission to access this resource."],
    [404, 'The requested resource was not found.'],
    [422, 'Validation error. Please check your input.'],
    [429, 'Too many requests. Please try again later.'],
    [500, 'Server error. Please try again later.'],
  ])('status %i without a body', async (status, text) => {
    const error = await failureOf(() => new HttpResponse(null, { status }));
    expect(errorText(error)).toBe(text);
  });

  it('treats other 5xx as a server error', async () => {
    const error = await failureOf(() => new HttpResponse(null, { status: 503 }));
    expect(errorText(error)).toBe(conditionTexts.server);
  });

  it('has a generic text for what is not an HTTP failure', async () => {
    expect(errorText(new Error('boom'))).toBe('Something went wrong. Please try again.');
    const controller = new AbortController();
    controller.abort();
    const cancelled = await client
      .get(url, { signal: controller.signal })
      .catch((error: unknown) => error);
    expect(errorText(cancelled)).toBe(conditionTexts.unexpected);
  });
});

describe('isContractMismatch', () => {
  it("tells zod's parse failure from any other error", () => {
    const mismatch = z.object({ id: z.string() }).safeParse({ id: 7 }).error;
    expect(isContractMismatch(mismatch)).toBe(true);
    expect(isContractMismatch(new Error('boom'))).toBe(false);
    expect(isContractMismatch({ name: 'ZodError' })).toBe(false);
  });
});

describe('serverTextKey: the server words the interface has in every language', () => {
  it('knows the §8 texts and the shared failures, and nothing else', () => {
    expect(serverTextKey('Server error. Please try again later.')).toBe('errors.server');
    expect(serverTextKey(sharedFailureTexts.jobInterrupted)).toBe('errors.jobInterrupted');
    expect(serverTextKey(sharedFailureTexts.storageUnavailable)).toBe('errors.storageUnavailable');
    expect(serverTextKey('This voice is not available. Choose one of the listed voices.')).toBe(
      null,
    );
  });

  it('finds each one in English, word for word, and in Vietnamese', () => {
    const texts = { ...conditionTexts, ...sharedFailureTexts };
    for (const [key, text] of Object.entries(texts)) {
      expect(en.errors[key as keyof typeof en.errors]).toBe(text);
      expect(vi.errors[key as keyof typeof vi.errors]).toMatch(/\S/);
      expect(vi.errors[key as keyof typeof vi.errors]).not.toBe(text);
    }
  });
});

describe("a proxy's error page", () => {
  it('is no message for people: its status says what happened', () => {
    const page = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body></body></html>';
    expect(serverMessage(page)).toBeNull();
    expect(errorText(new HttpFailure({ status: 502, data: page }))).toBe(conditionTexts.server);
  });
});
