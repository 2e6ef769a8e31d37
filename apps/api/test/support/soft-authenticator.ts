import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  type AuthenticationCredential,
  type AuthenticationOptions,
  authenticationOptions,
  type RegistrationCredential,
  type RegistrationOptions,
  registrationOptions,
  registrationResult,
  type WebauthnPurpose,
} from '@studio/contracts';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { call, signInWithCode, uniqueEmail } from './auth.ts';
import { CborMap, encodeCbor } from './cbor.ts';

/** authenticatorData flags (WebAuthn §6.1). */
const flagBits = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** What a test may bend in one ceremony, to see the server refuse it. */
export interface CeremonyKnobs {
  /** clientDataJSON.origin; the authenticator's own origin by default. */
  origin?: string;
  /** The RP ID hashed into authenticatorData; the authenticator's own by default. */
  rpId?: string;
  /** clientDataJSON.type; 'webauthn.create' / 'webauthn.get' by default. */
  type?: string;
  /** User verification flag (on by default). */
  uv?: boolean;
  /** User presence flag (on by default). */
  up?: boolean;
  /** The signature counter to report; by default registration reports the current value and an assertion one more. */
  counter?: number;
  /** The userHandle an assertion returns; null leaves it out. The registered handle by default. */
  userHandle?: string | null;
  /** Another challenge than the options' one. */
  challenge?: string;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter, 0);
  return bytes;
}

/**
 * A software passkey: one P-256 (ES256) key pair and credential id, producing real
 * `none`-attestation registrations and real signed assertions with node:crypto, so the server's
 * library checks them exactly as it checks a browser's. Knobs bend one ceremony at a time.
 */
export class SoftAuthenticator {
  readonly credentialId: Buffer;
  /** Set by register(): the `user.id` the options carried. */
  userHandle: string | null = null;
  counter: number;
  readonly origin: string;
  readonly rpId: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(options: { origin: string; rpId: string; counter?: number; credentialId?: Buffer }) {
    this.origin = options.origin;
    this.rpId = options.rpId;
    this.counter = options.counter ?? 0;
    this.credentialId = options.credentialId ?? randomBytes(32);
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The credential public key as a COSE_Key map (kty EC2, alg ES256, crv P-256, x, y). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('P-256 key without coordinates');
    return encodeCbor(
      new CborMap([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  private flags(knobs: CeremonyKnobs, extra: number): number {
    return (knobs.up === false ? 0 : flagBits.up) | (knobs.uv === false ? 0 : flagBits.uv) | extra;
  }

  private clientData(type: string, challenge: string, knobs: CeremonyKnobs): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: knobs.type ?? type,
        challenge: knobs.challenge ?? challenge,
        origin: knobs.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create() in JSON form, for these options. */
  register(options: RegistrationOptions, knobs: CeremonyKnobs = {}): RegistrationCredential {
    if (knobs.counter !== undefined) this.counter = knobs.counter;
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length, 0);
    const authData = Buffer.concat([
      sha256(knobs.rpId ?? this.rpId),
      Buffer.from([this.flags(knobs, flagBits.at)]),
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: zeros, as with attestation "none"
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = encodeCbor(
      new CborMap([
        ['fmt', 'none'],
        ['attStmt', new CborMap([])],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, knobs)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() in JSON form: ECDSA over authData ‖ SHA-256(clientDataJSON). */
  assert(options: AuthenticationOptions, knobs: CeremonyKnobs = {}): AuthenticationCredential {
    this.counter = knobs.counter ?? this.counter + 1;
    const authData = Buffer.concat([
      sha256(knobs.rpId ?? this.rpId),
      Buffer.from([this.flags(knobs, 0)]),
      counterBytes(this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, knobs);
    // node:crypto writes ECDSA signatures DER-encoded, as WebAuthn expects for ES256.
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    const userHandle = knobs.userHandle === undefined ? this.userHandle : knobs.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A signed-in user as the SPA is one: cookies, the XSRF header and the bearer token on every
 * call.
 */
export async function passkeyUser(app: App, label = 'passkey') {
  const email = uniqueEmail(label);
  const { session, jar } = await signInWithCode(app, email);
  const bearer = session.accessToken;
  const send = (method: Method, url: string, body?: unknown) =>
    call(app, method, url, body, { jar, bearer, headers: { 'user-agent': chromeOnLinux } });
  return {
    id: session.user.id,
    email,
    bearer,
    jar,
    send,
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown) => send('POST', url, body),
    patch: (url: string, body: unknown) => send('PATCH', url, body),
    put: (url: string, body: unknown) => send('PUT', url, body),
    delete: (url: string) => send('DELETE', url),
  };
}
export type PasskeyUser = Awaited<ReturnType<typeof passkeyUser>>;

export const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** An authenticator for the app's own relying party (its first origin and RP ID). */
export function authenticatorFor(app: App, options: { counter?: number } = {}) {
  const [origin] = app.config.webauthn.origins;
  if (!origin) throw new Error('no WebAuthn origin configured');
  return new SoftAuthenticator({ origin, rpId: app.config.webauthn.rpId, ...options });
}

export async function beginRegistration(
  user: PasskeyUser,
  credentialName = 'My laptop',
  deviceInfo?: string,
): Promise<RegistrationOptions> {
  const response = await user.post('/api/webauthn/register/begin', {
    userId: user.id,
    credentialName,
    ...(deviceInfo === undefined ? {} : { deviceInfo }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return registrationOptions.parse(response.json());
}

export function completeRegistration(user: PasskeyUser, credential: RegistrationCredential) {
  return user.post(
    `/api/webauthn/register/complete?userId=${encodeURIComponent(user.id)}`,
    credential,
  );
}

/** Begin and complete with this authenticator; expects success and answers the stored credential. */
export async function registerPasskey(
  user: PasskeyUser,
  authenticator: SoftAuthenticator,
  credentialName = 'My laptop',
) {
  const options = await beginRegistration(user, credentialName);
  const response = await completeRegistration(user, authenticator.register(options));
  expect(response.statusCode, response.body).toBe(200);
  const result = registrationResult.parse(response.json());
  if (!result.credential) throw new Error('registration answered no credential');
  return result.credential;
}

export async function beginAuthentication(
  user: PasskeyUser,
  purpose: WebauthnPurpose = 'payment',
): Promise<AuthenticationOptions> {
  const response = await user.post('/api/webauthn/authenticate/begin', {
    userId: user.id,
    purpose,
  });
  expect(response.statusCode, response.body).toBe(200);
  return authenticationOptions.parse(response.json());
}

export function completeAuthentication(
  user: PasskeyUser,
  credential: AuthenticationCredential,
  purpose: WebauthnPurpose = 'payment',
) {
  return user.post(
    `/api/webauthn/authenticate/complete?userId=${encodeURIComponent(user.id)}&purpose=${purpose}`,
    credential,
  );
}

/** A whole verification with this authenticator; the raw response (tests check success or refusal). */
export async function verifyWith(
  user: PasskeyUser,
  authenticator: SoftAuthenticator,
  purpose: WebauthnPurpose = 'payment',
  knobs: CeremonyKnobs = {},
) {
  const options = await beginAuthentication(user, purpose);
  return completeAuthentication(user, authenticator.assert(options, knobs), purpose);
}
