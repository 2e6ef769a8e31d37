import type { LanguageFn } from 'highlight.js';

interface Language {
  /** The other names a code fence may give it (highlight.js's own aliases). */
  aliases: readonly string[];
  /** Languages it highlights inside itself (a page's script and style, JSX's markup...). */
  embeds?: readonly string[];
  load: () => Promise<{ default: LanguageFn }>;
}

/**
 * The languages a message's code is highlighted in: lowlight's common set (what rehype-highlight
 * registers by default), each its own chunk, fetched the first time a message names it. The test
 * holds the aliases and embedded languages to highlight.js's definitions.
 */
export const highlightLanguages: Readonly<Record<string, Language>> = {
  arduino: { aliases: ['ino'], load: () => import('highlight.js/lib/languages/arduino') },
  bash: { aliases: ['sh', 'zsh'], load: () => import('highlight.js/lib/languages/bash') },
  c: { aliases: ['h'], load: () => import('highlight.js/lib/languages/c') },
  cpp: {
    aliases: ['cc', 'c++', 'h++', 'hpp', 'hh', 'hxx', 'cxx'],
    load: () => import('highlight.js/lib/languages/cpp'),
  },
  csharp: { aliases: ['cs', 'c#'], load: () => import('highlight.js/lib/languages/csharp') },
  css: { aliases: [], load: () => import('highlight.js/lib/languages/css') },
  diff: { aliases: ['patch'], load: () => import('highlight.js/lib/languages/diff') },
  go: { aliases: ['golang'], load: () => import('highlight.js/lib/languages/go') },
  graphql: { aliases: ['gql'], load: () => import('highlight.js/lib/languages/graphql') },
  ini: { aliases: ['toml'], load: () => import('highlight.js/lib/languages/ini') },
  java: { aliases: ['jsp'], load: () => import('highlight.js/lib/languages/java') },
  javascript: {
    aliases: ['js', 'jsx', 'mjs', 'cjs'],
    embeds: ['xml', 'css', 'graphql'],
    load: () => import('highlight.js/lib/languages/javascript'),
  },
  json: { aliases: ['jsonc', 'json5'], load: () => import('highlight.js/lib/languages/json') },
  kotlin: { aliases: ['kt', 'kts'], load: () => import('highlight.js/lib/languages/kotlin') },
  less: { aliases: [], load: () => import('highlight.js/lib/languages/less') },
  lua: { aliases: ['pluto'], load: () => import('highlight.js/lib/languages/lua') },
  makefile: {
    aliases: ['mk', 'mak', 'make'],
    load: () => import('highlight.js/lib/languages/makefile'),
  },
  markdown: {
    aliases: ['md', 'mkdown', 'mkd'],
    embeds: ['xml'],
    load: () => import('highlight.js/lib/languages/markdown'),
  },
  objectivec: {
    aliases: ['mm', 'objc', 'obj-c', 'obj-c++', 'objective-c++'],
    load: () => import('highlight.js/lib/languages/objectivec'),
  },
  perl: { aliases: ['pl', 'pm'], load: () => import('highlight.js/lib/languages/perl') },
  php: { aliases: [], load: () => import('highlight.js/lib/languages/php') },
  'php-template': {
    aliases: [],
    embeds: ['xml', 'php'],
    load: () => import('highlight.js/lib/languages/php-template'),
  },
  plaintext: {
    aliases: ['text', 'txt'],
    load: () => import('highlight.js/lib/languages/plaintext'),
  },
  python: {
    aliases: ['py', 'gyp', 'ipython'],
    load: () => import('highlight.js/lib/languages/python'),
  },
  'python-repl': {
    aliases: ['pycon'],
    embeds: ['python'],
    load: () => import('highlight.js/lib/languages/python-repl'),
  },
  r: { aliases: [], load: () => import('highlight.js/lib/languages/r') },
  ruby: {
    aliases: ['rb', 'gemspec', 'podspec', 'thor', 'irb'],
    load: () => import('highlight.js/lib/languages/ruby'),
  },
  rust: { aliases: ['rs'], load: () => import('highlight.js/lib/languages/rust') },
  scss: { aliases: [], load: () => import('highlight.js/lib/languages/scss') },
  shell: {
    aliases: ['console', 'shellsession'],
    embeds: ['bash'],
    load: () => import('highlight.js/lib/languages/shell'),
  },
  sql: { aliases: [], load: () => import('highlight.js/lib/languages/sql') },
  swift: { aliases: [], load: () => import('highlight.js/lib/languages/swift') },
  typescript: {
    aliases: ['ts', 'tsx', 'mts', 'cts'],
    embeds: ['xml', 'css', 'graphql'],
    load: () => import('highlight.js/lib/languages/typescript'),
  },
  vbnet: { aliases: ['vb'], load: () => import('highlight.js/lib/languages/vbnet') },
  wasm: { aliases: [], load: () => import('highlight.js/lib/languages/wasm') },
  xml: {
    aliases: ['html', 'xhtml', 'rss', 'atom', 'xjb', 'xsd', 'xsl', 'plist', 'wsf', 'svg'],
    embeds: ['css', 'javascript'],
    load: () => import('highlight.js/lib/languages/xml'),
  },
  yaml: {
    aliases: ['yml'],
    embeds: ['ruby'],
    load: () => import('highlight.js/lib/languages/yaml'),
  },
};

/** Every name and alias, lower case (highlight.js ignores case), to its language. */
const languageByName = new Map(
  Object.entries(highlightLanguages).flatMap(([name, language]) =>
    [name, ...language.aliases].map((alias) => [alias, name] as const),
  ),
);

/** What rehypeHighlightCode highlights with: the languages loaded so far. */
export const registeredLanguages: Record<string, LanguageFn> = {};

/** A code fence's language: its info string's first word, in a list item or a quote too. */
const fenceLanguage = /^[ \t>]*(?:(?:[*+-]|\d+[.)])[ \t]+)*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/** The languages of the set that the Markdown's code fences name. */
export function namedLanguages(markdown: string): string[] {
  const named = new Set<string>();
  for (const [, fence = ''] of markdown.matchAll(fenceLanguage)) {
    const name = languageByName.get(fence.toLowerCase());
    if (name) named.add(name);
  }
  return [...named].sort();
}

/** The languages and, recursively, those they embed. */
function withEmbedded(names: readonly string[]): string[] {
  const all = new Set<string>();
  const add = (name: string) => {
    if (all.has(name)) return;
    all.add(name);
    highlightLanguages[name]?.embeds?.forEach(add);
  };
  names.forEach(add);
  return [...all];
}

const loading = new Map<string, Promise<void>>();

function loadLanguage(name: string): Promise<void> {
  const language = highlightLanguages[name];
  let promise = loading.get(name);
  if (!promise && language) {
    promise = language.load().then(
      (module) => {
        registeredLanguages[name] = module.default;
      },
      // Its code stays plain text, as in any language outside the set.
      (error: unknown) => console.warn(`The ${name} highlighting did not load.`, error),
    );
    loading.set(name, promise);
  }
  return promise ?? Promise.resolve();
}

/** Loads these languages and the ones they embed; settles once all are registered (or failed). */
export async function loadLanguages(names: readonly string[]): Promise<void> {
  await Promise.all(withEmbedded(names).map(loadLanguage));
}
