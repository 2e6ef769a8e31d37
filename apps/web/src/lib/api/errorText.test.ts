import axios, { AxiosError } from 'axios';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { server } from '../../test/server';
import { conditionTexts, errorText, isContractMismatch, serverMessage } from './errorText';

const url = 'http://api.test/api/thing';

/** Makes a real request (answered by MSW) and returns what axios rejected with. */
async function failureOf(respond: () => Response | Promise<Response>) {
  server.use(http.get(url, respond));
  try {
    await axios.get(url);
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

  it('timeout', () => {
    // What axios' adapters reject with when `timeout` passes (MSW's XHR stand-in has no timer).
    const request = new XMLHttpRequest();
    const timedOut = new AxiosError(
      'timeout of 60000ms exceeded',
      'ECONNABORTED',
      undefined,
      request,
    );
    const clarified = new AxiosError('timeout exceeded', 'ETIMEDOUT', undefined, request);
    expect(errorText(timedOut)).toBe('Request timed out. Please try again.');
    expect(errorText(clarified)).toBe('Request timed out. Please try again.');
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

  it('has a generic text for what is not an HTTP failure', () => {
    expect(errorText(new Error('boom'))).toBe('Something went wrong. Please try again.');
    expect(errorText(new AxiosError('cancelled', AxiosError.ERR_CANCELED))).toBe(
      conditionTexts.unexpected,
    );
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
