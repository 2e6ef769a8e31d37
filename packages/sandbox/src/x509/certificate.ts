import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  bitString,
  boolean,
  explicit,
  namedBits,
  nullValue,
  objectIdentifier,
  octetString,
  printableString,
  sequence,
  set,
  smallInteger,
  unsignedInteger,
  utcTime,
  utf8String,
} from './der.ts';

/**
 * A self-signed X.509 v3 certificate (RFC 5280) for an RSA key, signed sha256WithRSAEncryption:
 * what the PayPal emulator serves at its cert URL so a merchant can verify webhooks offline with
 * the same code it runs against PayPal's real certificates.
 */

const oids = {
  sha256WithRsa: '1.2.840.113549.1.1.11',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
} as const;

export interface CertificateSubject {
  commonName: string;
  organization: string;
  /** Two letters. */
  country: string;
}

export interface SelfSignedCertificate {
  pem: string;
  der: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

function name(subject: CertificateSubject) {
  const attribute = (oid: string, value: ReturnType<typeof utf8String>) =>
    set(sequence(objectIdentifier(oid), value));
  return sequence(
    attribute(oids.country, printableString(subject.country)),
    attribute(oids.organization, utf8String(subject.organization)),
    attribute(oids.commonName, utf8String(subject.commonName)),
  );
}

function extension(oid: string, value: Buffer) {
  return sequence(objectIdentifier(oid), boolean(true), octetString(value));
}

/** Both critical: an end-entity certificate (cA FALSE) for signatures only (digitalSignature). */
function extensions() {
  return explicit(
    3,
    sequence(
      extension(oids.basicConstraints, sequence()),
      extension(oids.keyUsage, namedBits([0])),
    ),
  );
}

function toPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

export function createSelfSignedCertificate(input: {
  subject: CertificateSubject;
  notBefore: Date;
  notAfter: Date;
  /** An RSA key pair; a fresh 2048-bit one when omitted. */
  keys?: { privateKey: KeyObject; publicKey: KeyObject };
}): SelfSignedCertificate {
  const keys = input.keys ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
  const algorithm = sequence(objectIdentifier(oids.sha256WithRsa), nullValue());
  // 16 random bytes with the top bit cleared: a positive serial of at most 20 octets (RFC 5280).
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const subject = name(input.subject);
  const tbs = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    algorithm,
    subject,
    sequence(utcTime(input.notBefore), utcTime(input.notAfter)),
    subject,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
    extensions(),
  );
  const signature = sign('sha256', tbs, keys.privateKey);
  const der = sequence(tbs, algorithm, bitString(signature));
  return { pem: toPem(der), der, privateKey: keys.privateKey, publicKey: keys.publicKey };
}
