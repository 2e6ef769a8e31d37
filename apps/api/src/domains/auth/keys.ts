import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

/** PKCS#8 DER header of an Ed25519 private key (RFC 8410); the 32-byte seed follows it. */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
/** Fixed: changing it changes every derived key (everyone signed out, codes void). */
const hkdfSalt = 'studio-auth-keys-v1';

export interface AuthKeys {
  /** Signs first-party access tokens (EdDSA). */
  signingKey: KeyObject;
  verificationKey: KeyObject;
  /** `kid` of the signing key: its RFC 7638 thumbprint. */
  keyId: string;
  publicJwk: JWK;
  /** HMAC key for one-time codes: a separate derivation, so neither key reveals the other. */
  codeKey: Buffer;
}

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, hkdfSalt, purpose, 32));
}

/**
 * Every first-party key comes from AUTH_SECRET through HKDF-SHA-256, so several API instances
 * sharing the secret sign and verify alike with nothing else to distribute.
 */
export async function deriveAuthKeys(secret: string): Promise<AuthKeys> {
  const seed = derive(secret, 'access-token-signing-key/ed25519');
  const signingKey = createPrivateKey({
    key: Buffer.concat([ed25519Pkcs8Prefix, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const verificationKey = createPublicKey(signingKey);
  const publicJwk = await exportJWK(verificationKey);
  return {
    signingKey,
    verificationKey,
    keyId: await calculateJwkThumbprint(publicJwk),
    publicJwk,
    codeKey: derive(secret, 'one-time-code-hmac'),
  };
}
