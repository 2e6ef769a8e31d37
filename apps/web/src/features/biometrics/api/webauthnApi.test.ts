import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { webauthnHandlers } from '../../../mocks/handlers/webauthn';
import { server } from '../../../test/server';
import { authenticateBegin } from './authenticateBegin';
import { authenticateComplete } from './authenticateComplete';
import { deleteCredential } from './deleteCredential';
import { getCredentials } from './getCredentials';
import { registerBegin } from './registerBegin';
import { registerComplete } from './registerComplete';
import { updateCredential } from './updateCredential';
import { updateWebauthnSettings } from './updateWebauthnSettings';

const assertion = {
  id: 'cred-macbook',
  rawId: 'cred-macbook',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

describe('the WebAuthn calls (§7)', () => {
  it('reads the list of the user named in the path', async () => {
    let url = '';
    server.use(
      http.get('*/api/webauthn/credentials/:userId', ({ request }) => {
        url = request.url;
        return HttpResponse.json({
          credentials: [],
          requireForPayments: true,
          paymentVerifiedUntil: null,
        });
      }),
    );
    const answer = await getCredentials('user/linh');
    expect(new URL(url).pathname).toBe('/api/webauthn/credentials/user%2Flinh');
    expect(answer.requireForPayments).toBe(true);
  });

  it('refuses an answer that does not fit the contract', async () => {
    server.use(
      http.get('*/api/webauthn/credentials/:userId', () => HttpResponse.json({ list: [] })),
    );
    await expect(getCredentials('user-linh')).rejects.toThrow();
  });

  it('sends the user and purpose of a completion in the query', async () => {
    let query = new URLSearchParams();
    let body: unknown;
    server.use(
      http.post('*/api/webauthn/authenticate/complete', async ({ request }) => {
        query = new URL(request.url).searchParams;
        body = await request.json();
        return HttpResponse.json({
          success: true,
          errorMessage: null,
          credentialId: 'cred-macbook',
          verifiedUntil: '2026-11-21T10:10:00.000Z',
        });
      }),
    );
    const result = await authenticateComplete('user-linh', 'payment', assertion);
    expect(query.get('userId')).toBe('user-linh');
    expect(query.get('purpose')).toBe('payment');
    expect(body).toEqual(assertion);
    expect(result.verifiedUntil).toBe('2026-11-21T10:10:00.000Z');
  });

  it('registers: begin with the name and device, complete with the user in the query', async () => {
    const options = await registerBegin({
      userId: 'user-linh',
      credentialName: 'Work laptop',
      deviceInfo: 'Chrome on Linux',
    });
    expect(options.excludeCredentials.length).toBeGreaterThan(0);
    const result = await registerComplete('user-linh', {
      id: 'bmV3LWtleQ',
      rawId: 'bmV3LWtleQ',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      clientExtensionResults: {},
    });
    expect(result.credential).toMatchObject({
      credentialId: 'bmV3LWtleQ',
      credentialName: 'Work laptop',
      deviceInfo: 'Chrome on Linux',
    });
  });

  it('asks for authentication options with the purpose', async () => {
    const options = await authenticateBegin({ userId: 'user-linh', purpose: 'manage' });
    expect(options.allowCredentials.map((c) => c.id)).toEqual(['cred-macbook', 'cred-pixel']);
  });

  it('changes, deletes and sets the requirement', async () => {
    await expect(
      updateCredential({ credentialId: 'cred-pixel', credentialName: 'Phone' }),
    ).resolves.toMatchObject({ credentialId: 'cred-pixel', credentialName: 'Phone' });
    await expect(deleteCredential('cred-pixel')).resolves.toBeUndefined();
    await expect(updateWebauthnSettings({ requireForPayments: true })).resolves.toEqual({
      requireForPayments: true,
    });
    server.use(webauthnHandlers.deleteCredentialLastRequired);
    await expect(deleteCredential('cred-macbook')).rejects.toMatchObject({
      response: { status: 409, data: { error: 'lastCredentialRequired' } },
    });
  });
});
