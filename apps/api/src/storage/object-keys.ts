import { randomBytes } from 'node:crypto';

/**
 * The shape of every key the object store makes (never a request's input, security.md §1.7
 * 5.3.2): `users/<userId>/<purpose>/<32 hex>.<ext>` for the owner `user:<id>`, and
 * `system/<purpose>/<32 hex>.<ext>` for `system`. One owner's objects are one prefix, which
 * list(owner) and deleteOwner(owner) use on both backends.
 */

const userIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
const purposePattern = /^[a-z][a-z0-9-]{0,31}$/;
const extensionPattern = /^[a-z0-9]{1,10}$/;
const keyPattern =
  /^(?:users\/[A-Za-z0-9_-]{1,64}|system)\/[a-z][a-z0-9-]{0,31}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** A key this store could have made (anything else is refused before it reaches a path or a request). */
export const isObjectKey = (key: string) => keyPattern.test(key);

/** The key prefix of one owner (`users/<id>/` or `system/`); throws on anything else. */
export function ownerPrefix(owner: string): string {
  if (owner === 'system') return 'system/';
  const userId = owner.startsWith('user:') ? owner.slice('user:'.length) : null;
  if (userId === null || !userIdPattern.test(userId)) {
    throw new Error(`not an object owner: ${JSON.stringify(owner)} (user:<id> or system)`);
  }
  return `users/${userId}/`;
}

/** The owner a key belongs to (`user:<id>` or `system`). */
export function ownerOfKey(key: string): string {
  const [first, second] = key.split('/');
  return first === 'users' ? `user:${second}` : 'system';
}

/** The purpose part of a key (`uploads`, `exports`…). */
export function purposeOfKey(key: string): string {
  const parts = key.split('/');
  return parts[parts.length - 2] ?? '';
}

/** The extension of a key, without its dot. */
export const extensionOfKey = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** A new key: the owner's prefix, the purpose, 128 random bits and the extension. */
export function newObjectKey(owner: string, purpose: string, extension: string): string {
  if (!purposePattern.test(purpose)) {
    throw new Error(`not an object purpose: ${JSON.stringify(purpose)} (a-z, 0-9 and -)`);
  }
  if (!extensionPattern.test(extension)) {
    throw new Error(`not an object extension: ${JSON.stringify(extension)} (a-z and 0-9)`);
  }
  return `${ownerPrefix(owner)}${purpose}/${randomBytes(16).toString('hex')}.${extension}`;
}
