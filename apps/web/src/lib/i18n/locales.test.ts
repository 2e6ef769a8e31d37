import { describe, expect, it } from 'vitest';
import { conditionTexts } from '../api/errorText';
import { contractMessageKeys } from '../validation';
import { webResources } from './bundledResources';
import { webNamespaces } from './namespaces';

/** Every leaf as "a.b.0.c" → value (lists count as keys too: their items are indexed). */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null) {
    found.set(prefix, tree);
    return found;
  }
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) {
      found.set(path, leaf);
    }
  }
  return found;
}

const placeholders = (text: unknown) =>
  typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
    : [];

const en = webResources['en'] ?? {};
const vi = webResources['vi'] ?? {};

describe('public/locales', () => {
  it('has a file for every namespace, in both languages', () => {
    for (const namespace of webNamespaces) {
      expect(en[namespace], `en/${namespace}.json`).toBeDefined();
      expect(vi[namespace], `vi/${namespace}.json`).toBeDefined();
    }
    expect(Object.keys(vi).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(en))('%s: en and vi have the same keys', (namespace) => {
    const english = [...leaves(en[namespace]).keys()].sort();
    const vietnamese = [...leaves(vi[namespace]).keys()].sort();
    expect(vietnamese).toEqual(english);
  });

  it.each(Object.keys(en))('%s: every text is filled and keeps its placeholders', (namespace) => {
    const vietnamese = leaves(vi[namespace]);
    for (const [key, text] of leaves(en[namespace])) {
      expect(typeof text === 'string' && text.trim() !== '', `en ${namespace}:${key}`).toBe(true);
      const translated = vietnamese.get(key);
      expect(
        typeof translated === 'string' && translated.trim() !== '',
        `vi ${namespace}:${key}`,
      ).toBe(true);
      expect(placeholders(translated), `vi ${namespace}:${key}`).toEqual(placeholders(text));
    }
  });
});

describe('common.json', () => {
  const english = leaves(en['common']);
  const vietnamese = leaves(vi['common']);

  it('holds the §8 error texts exactly, in English', () => {
    for (const [condition, text] of Object.entries(conditionTexts)) {
      expect(english.get(`errors.${condition}`)).toBe(text);
    }
  });

  it('translates every contract message, and its English is the contract’s own', () => {
    for (const [message, key] of Object.entries(contractMessageKeys)) {
      expect(english.get(key)).toBe(message);
      expect(vietnamese.get(key)).not.toBe(message);
    }
  });

  it('holds the §5 texts exactly, in English', () => {
    expect(english.get('validation.emailRequired')).toBe('Email is required');
    expect(english.get('validation.emailInvalid')).toBe('Email is invalid');
    expect(english.get('validation.passwordMin')).toBe('Password must be at least 6 characters');
    expect(english.get('validation.usernameMin')).toBe('Username must be at least 3 characters');
    expect(english.get('validation.confirmRequired')).toBe('Please confirm your password');
    expect(english.get('validation.passwordsMismatch')).toBe('Passwords do not match');
    expect(english.get('share.missing')).toBe('Share link is missing or invalid.');
    expect(english.get('share.failed')).toBe('Failed to load shared conversation');
    expect(english.get('share.fallbackTitle')).toBe('Shared Conversation');
    expect(english.get('session.signingOut')).toBe('Signing out...');
    expect(english.get('session.configurationError')).toBe(
      'Error: Application authentication configuration is invalid. Please contact support.',
    );
  });
});
