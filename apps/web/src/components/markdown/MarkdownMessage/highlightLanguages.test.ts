import type { Mode } from 'highlight.js';
import hljs from 'highlight.js/lib/core';
import { common } from 'lowlight';
import { describe, expect, it } from 'vitest';
import {
  highlightLanguages,
  loadLanguages,
  namedLanguages,
  registeredLanguages,
} from './highlightLanguages';

/** The languages a definition highlights inside itself, wherever its modes name them. */
function subLanguagesOf(mode: Mode, seen = new Set<Mode>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(mode)) return found;
  seen.add(mode);
  for (const name of [mode.subLanguage ?? []].flat()) found.add(name);
  const children = [mode.contains, mode.variants, mode.starts].flat();
  for (const child of children) {
    if (child && typeof child === 'object') {
      for (const name of subLanguagesOf(child, seen)) found.add(name);
    }
  }
  return found;
}

describe('the highlighting languages', () => {
  it("are lowlight's common set, the languages messages were highlighted in", () => {
    expect(Object.keys(highlightLanguages).sort()).toEqual(Object.keys(common).sort());
  });

  it.each(Object.entries(highlightLanguages))(
    "%s: highlight.js's aliases, and every language of the set it embeds",
    async (name, language) => {
      const definition = (await language.load()).default(hljs);
      expect(language.aliases).toEqual(definition.aliases ?? []);
      const embedded = [...subLanguagesOf(definition)].filter(
        (other) => other !== name && other in highlightLanguages,
      );
      expect([...(language.embeds ?? [])].sort()).toEqual(embedded.sort());
    },
  );
});

describe('namedLanguages', () => {
  it('finds the languages code fences name, by name or alias, in any case', () => {
    const markdown = [
      '```TS',
      'const a = 1;',
      '```',
      '~~~ python title="x"',
      'print(1)',
      '~~~',
      '- a list item:',
      '  ```sh',
      '  ls',
      '  ```',
      '> ```golang',
      '> package main',
      '> ```',
      '```mermaid',
      'graph TD',
      '```',
      '```',
      'no language',
      '```',
    ].join('\n');
    expect(namedLanguages(markdown)).toEqual(['bash', 'go', 'python', 'typescript']);
  });
});

describe('loadLanguages', () => {
  it('registers the languages and those they embed', async () => {
    await loadLanguages(['xml']);
    // xml embeds javascript, which embeds graphql.
    expect(Object.keys(registeredLanguages)).toEqual(
      expect.arrayContaining(['xml', 'css', 'javascript', 'graphql']),
    );
  });
});
