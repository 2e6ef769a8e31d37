import { describe, expect, it } from 'vitest';
import { pageResources } from '../testing/pageResources';
import { richTextTags, stripRichText } from './RichText';

/** The content namespaces (common belongs to the shell). */
const namespaces = ['home', 'about', 'legal', 'help', 'services', 'vnpay', 'contact'];

/** Every string of a translation tree with its key path. */
function* texts(tree: unknown, path = ''): Generator<[string, string]> {
  if (typeof tree === 'string') yield [path, tree];
  else if (typeof tree === 'object' && tree !== null) {
    for (const [key, value] of Object.entries(tree)) yield* texts(value, `${path}.${key}`);
  }
}

const tagsOf = (text: string) =>
  [...text.matchAll(/<(\/?)([a-z]+)\s*\/?>/gi)].map(([, closing, name]) => `${closing}${name}`);

describe.each(namespaces)('inline tags in %s', (namespace) => {
  const english = new Map(texts(pageResources['en']?.[namespace]));
  const vietnamese = new Map(texts(pageResources['vi']?.[namespace]));

  it('are tags RichText renders, each one closed', () => {
    for (const [key, text] of [...english, ...vietnamese]) {
      const tags = tagsOf(text);
      for (const tag of tags)
        expect(richTextTags, `${namespace}${key}`).toContain(tag.replace('/', ''));
      const opened = tags.filter((tag) => !tag.startsWith('/'));
      expect(
        tags.filter((tag) => tag.startsWith('/')),
        `${namespace}${key}`,
      ).toEqual(opened.map((tag) => `/${tag}`));
    }
  });

  it('are the same in Vietnamese as in English, so no link is lost in translation', () => {
    for (const [key, text] of english) {
      expect(tagsOf(vietnamese.get(key) ?? '').sort(), `${namespace}${key}`).toEqual(
        tagsOf(text).sort(),
      );
    }
  });
});

describe('stripRichText', () => {
  it('keeps the text of a link and drops its tags', () => {
    expect(
      stripRichText(
        'Write to <email>support@aistudio.example</email> or see <refunds>refunds</refunds>.',
      ),
    ).toBe('Write to support@aistudio.example or see refunds.');
  });
});
