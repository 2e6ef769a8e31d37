import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { createMemoryStore, storageKeys } from '../storage';
import {
  API_TIMEOUT_MS,
  apiClient,
  COOKIE_API_TIMEOUT_MS,
  cookieClient,
  createApiClient,
  type ApiSettings,
} from './clients';
import { HttpFailure } from './errorText';
import { onSignedOut } from './session';

function settings(overrides: Partial<ApiSettings> = {}): ApiSettings {
  return {
    baseUrl: async () => 'http://api.test',
    language: () => 'vi',
    currentPath: () => '/profile',
    redirectToLogin: vi.fn(),
    store: createMemoryStore(),
    ...overrides,
  };
}

/** Answers GET /api/echo with the request's headers. */
function echoHeaders() {
  server.use(
    http.get('http://api.test/api/echo', ({ request }) =>
      HttpResponse.json(Object.fromEntries(request.headers.entries())),
    ),
  );
}

describe('the two API clients (§7)', () => {
  it('one sends no cookies with a 60 s timeout, the other cookies with 120 s', () => {
    expect(API_TIMEOUT_MS).toBe(60_000);
    expect(COOKIE_API_TIMEOUT_MS).toBe(120_000);
    expect(apiClient.options).toEqual({ withCredentials: false, timeout: 60_000 });
    expect(cookieClient.options).toEqual({ withCredentials: true, timeout: 120_000 });
  });

  it('sends cookies to another origin only from the cookie client', async () => {
    const seen: RequestCredentials[] = [];
    server.use(
      http.get('http://api.test/api/echo', ({ request }) => {
        seen.push(request.credentials);
        return HttpResponse.json({});
      }),
    );
    await createApiClient({ withCredentials: false, timeout: 1_000 }, settings()).get('/api/echo');
    await createApiClient({ withCredentials: true, timeout: 1_000 }, settings()).get('/api/echo');
    expect(seen).toEqual(['same-origin', 'include']);
  });

  it('gives up after its timeout', async () => {
    server.use(http.get('http://api.test/api/slow', () => delay('infinite')));
    const client = createApiClient({ withCredentials: false, timeout: 50 }, settings());
    const failure = await client.get('/api/slow').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpFailure);
    expect(failure).toMatchObject({ kind: 'timeout', response: undefined });
  });

  it('both copy the XSRF-TOKEN cookie into the X-XSRF-TOKEN header, for this origin only', async () => {
    document.cookie = 'XSRF-TOKEN=csrf-123; path=/';
    server.use(
      http.get('*/api/echo', ({ request }) =>
        HttpResponse.json(Object.fromEntries(request.headers.entries())),
      ),
    );
    try {
      for (const withCredentials of [false, true]) {
        const here = createApiClient(
          { withCredentials, timeout: 1_000 },
          settings({ baseUrl: async () => '' }),
        );
        const elsewhere = createApiClient({ withCredentials, timeout: 1_000 }, settings());
        const { data: sameOrigin } = await here.get<Record<string, string>>('/api/echo');
        const { data: otherOrigin } = await elsewhere.get<Record<string, string>>('/api/echo');
        expect(sameOrigin['x-xsrf-token']).toBe('csrf-123');
        expect(otherOrigin['x-xsrf-token']).toBeUndefined();
      }
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('sends the stored token as a bearer token, and the interface language', async () => {
    echoHeaders();
    const store = createMemoryStore({ [storageKeys.token]: 'abc.def' });
    const client = createApiClient({ withCredentials: false, timeout: 1_000 }, settings({ store }));
    const { data } = await client.get<Record<string, string>>('/api/echo');
    expect(data['authorization']).toBe('Bearer abc.def');
    expect(data['accept-language']).toBe('vi');
  });

  it('sends no Authorization header without a stored token', async () => {
    echoHeaders();
    const client = createApiClient({ withCredentials: true, timeout: 1_000 }, settings());
    const { data } = await client.get<Record<string, string>>('/api/echo');
    expect(data['authorization']).toBeUndefined();
  });

  it('takes its base URL from the runtime configuration', async () => {
    server.use(http.get('http://configured.test/api/ping', () => HttpResponse.json({ ok: true })));
    const client = createApiClient(
      { withCredentials: false, timeout: 1_000 },
      settings({ baseUrl: async () => 'http://configured.test' }),
    );
    await expect(client.get('/api/ping')).resolves.toMatchObject({ data: { ok: true } });
  });
});

describe('a call', () => {
  const client = () => createApiClient({ withCredentials: true, timeout: 1_000 }, settings());

  it('sends JSON with its query parameters, and reads a JSON answer', async () => {
    server.use(
      http.post('http://api.test/api/things', async ({ request }) =>
        HttpResponse.json({
          query: new URL(request.url).search,
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          body: await request.json(),
        }),
      ),
    );
    const { data, status } = await client().post(
      '/api/things',
      { name: 'Linh' },
      { params: { page: 1, search: 'a b', skipped: undefined, none: null } },
    );
    expect(status).toBe(200);
    expect(data).toEqual({
      query: '?page=1&search=a+b',
      type: 'application/json',
      accept: 'application/json',
      body: { name: 'Linh' },
    });
  });

  it('sends a DELETE with a body, and reads an empty answer as empty text', async () => {
    let received: unknown = null;
    server.use(
      http.delete('http://api.test/api/me', async ({ request }) => {
        received = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { data, status } = await client().delete('/api/me', { data: { password: 'pw' } });
    expect(received).toEqual({ password: 'pw' });
    expect({ data, status }).toEqual({ data: '', status: 204 });
  });

  it('reads bytes and headers when asked, and an error body as JSON all the same', async () => {
    server.use(
      http.get('http://api.test/api/file', () =>
        HttpResponse.text('hello', {
          headers: { 'Content-Disposition': 'attachment; filename="a.txt"' },
        }),
      ),
      http.get('http://api.test/api/missing', () =>
        HttpResponse.json({ message: 'Conversation not found' }, { status: 404 }),
      ),
    );
    const file = await client().get<ArrayBuffer>('/api/file', { responseType: 'arraybuffer' });
    expect(new TextDecoder().decode(file.data)).toBe('hello');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
    const failure = await client()
      .get('/api/missing', { responseType: 'arraybuffer' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'status',
      response: { status: 404, data: { message: 'Conversation not found' } },
    });
  });

  it('reads an answer that is not JSON as its text', async () => {
    server.use(http.get('http://api.test/api/text', () => HttpResponse.text('Plain words')));
    await expect(client().get('/api/text')).resolves.toMatchObject({ data: 'Plain words' });
  });

  it('rejects with an AbortError when its signal aborts', async () => {
    server.use(http.get('http://api.test/api/slow', () => delay('infinite')));
    const controller = new AbortController();
    const call = client().get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with a network failure when the API cannot be reached', async () => {
    server.use(http.get('http://api.test/api/down', () => HttpResponse.error()));
    await expect(client().get('/api/down')).rejects.toMatchObject({
      kind: 'network',
      response: undefined,
    });
  });
});

describe('a token kept fresh (§9)', () => {
  it('waits for the fresh-token provider and sends what it gives', async () => {
    echoHeaders();
    const store = createMemoryStore({ [storageKeys.token]: 'stale' });
    const freshToken = vi.fn(async () => 'renewed');
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ store, freshToken }),
    );
    const { data } = await client.get<Record<string, string>>('/api/echo');
    expect(data['authorization']).toBe('Bearer renewed');
    expect(freshToken).toHaveBeenCalledTimes(1);
  });

  it('sends no token when the provider has none (the session ended)', async () => {
    echoHeaders();
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ freshToken: async () => null }),
    );
    const { data } = await client.get<Record<string, string>>('/api/echo');
    expect(data['authorization']).toBeUndefined();
  });

  it('does not ask the provider for a credentials call (sign-in, refresh), which would wait on itself', async () => {
    echoHeaders();
    const store = createMemoryStore({ [storageKeys.token]: 'stored' });
    const freshToken = vi.fn(async () => 'renewed');
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ store, freshToken }),
    );
    const { data } = await client.get<Record<string, string>>('/api/echo', {
      credentialsCall: true,
    });
    expect(data['authorization']).toBe('Bearer stored');
    expect(freshToken).not.toHaveBeenCalled();
  });
});

describe('a 401 (§6)', () => {
  function unauthorizedAt(path: string) {
    server.use(
      http.get(`http://api.test${path}`, () =>
        HttpResponse.json({ message: 'Authentication required. Please log in.' }, { status: 401 }),
      ),
    );
  }

  it('outside the public paths clears the token and account, signals logout and goes to /login', async () => {
    unauthorizedAt('/api/chat/conversations');
    const store = createMemoryStore({
      [storageKeys.token]: 'expired',
      [storageKeys.account]: '{"username":"linh"}',
      [storageKeys.theme]: 'forest',
    });
    const redirectToLogin = vi.fn();
    const signedOut = vi.fn();
    const unsubscribe = onSignedOut(signedOut);
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ store, redirectToLogin, currentPath: () => '/membership' }),
    );

    // The caller still gets the error.
    await expect(client.get('/api/chat/conversations')).rejects.toMatchObject({
      response: { status: 401 },
    });
    unsubscribe();
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(store.get(storageKeys.theme)).toBe('forest');
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).toHaveBeenCalledWith('/membership');
  });

  it.each([
    '/',
    '/login',
    '/register',
    '/reset-password',
    '/about-us',
    '/privacy-policy',
    '/terms-of-use',
    '/help',
    '/auth/callback',
  ])('on the public path %s changes nothing', async (path) => {
    unauthorizedAt('/api/userpreferences');
    const store = createMemoryStore({ [storageKeys.token]: 'kept' });
    const redirectToLogin = vi.fn();
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ store, redirectToLogin, currentPath: () => path }),
    );
    await expect(client.get('/api/userpreferences')).rejects.toBeTruthy();
    expect(store.get(storageKeys.token)).toBe('kept');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('from the biometric credentials call changes nothing', async () => {
    unauthorizedAt('/api/webauthn/credentials/user-1');
    const store = createMemoryStore({ [storageKeys.token]: 'kept' });
    const redirectToLogin = vi.fn();
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ store, redirectToLogin }),
    );
    await expect(client.get('/api/webauthn/credentials/user-1')).rejects.toBeTruthy();
    expect(store.get(storageKeys.token)).toBe('kept');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it("from a credentials call (wrong password, wrong code) is the caller's to handle", async () => {
    server.use(
      http.post('http://api.test/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 }),
      ),
    );
    const store = createMemoryStore({ [storageKeys.token]: 'kept' });
    const redirectToLogin = vi.fn();
    const signedOut = vi.fn();
    const unsubscribe = onSignedOut(signedOut);
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ store, redirectToLogin, currentPath: () => '/plans' }),
    );
    await expect(
      client.post('/api/auth/login', {}, { credentialsCall: true }),
    ).rejects.toMatchObject({ response: { status: 401 } });
    unsubscribe();
    expect(store.get(storageKeys.token)).toBe('kept');
    expect(signedOut).not.toHaveBeenCalled();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('other statuses never sign out', async () => {
    server.use(http.get('http://api.test/api/x', () => new HttpResponse(null, { status: 403 })));
    const redirectToLogin = vi.fn();
    const client = createApiClient(
      { withCredentials: true, timeout: 1_000 },
      settings({ redirectToLogin }),
    );
    await expect(client.get('/api/x')).rejects.toBeTruthy();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
