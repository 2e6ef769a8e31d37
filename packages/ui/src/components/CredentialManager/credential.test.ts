import { describe, expect, it } from 'vitest';
import { CREDENTIAL_NAME_MAX, checkCredentialName, planRename } from './credential';

describe('checkCredentialName', () => {
  it('trims and accepts up to 50 characters', () => {
    expect(checkCredentialName('  Work laptop  ')).toEqual({ ok: true, name: 'Work laptop' });
    expect(checkCredentialName('a'.repeat(CREDENTIAL_NAME_MAX)).ok).toBe(true);
  });
  it('refuses empty and 51 characters', () => {
    expect(checkCredentialName('   ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(checkCredentialName('a'.repeat(51))).toMatchObject({ ok: false, reason: 'tooLong' });
  });
  it('counts Vietnamese and emoji as single characters', () => {
    expect(checkCredentialName('ệ'.repeat(50)).ok).toBe(true);
    expect(checkCredentialName('🔐'.repeat(50)).ok).toBe(true);
  });
});

describe('planRename', () => {
  it('ignores empty and unchanged names', () => {
    expect(planRename('Phone', '')).toEqual({ action: 'ignore' });
    expect(planRename('Phone', '  Phone ')).toEqual({ action: 'ignore' });
  });
  it('refuses names that are too long', () => {
    expect(planRename('Phone', 'x'.repeat(51))).toEqual({ action: 'refuse' });
  });
  it('renames to the trimmed name', () => {
    expect(planRename('Phone', '  Pixel 9 ')).toEqual({ action: 'rename', name: 'Pixel 9' });
  });
});
