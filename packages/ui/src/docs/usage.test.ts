/// <reference types="vite/client" />
import { isComponentUsage } from './usage';

interface StoryModule {
  default: { title?: string; parameters?: Record<string, unknown> };
}

// Every public component's stories, read as Storybook reads them (the meta is the default export).
const storyModules = import.meta.glob<StoryModule>('../components/*/*.stories.tsx', {
  eager: true,
});
const metas = Object.entries(storyModules).map(([file, module]) => ({
  file,
  meta: module.default,
}));

/** Storybook's id for a title (its `sanitize`): lower case, every run of other characters a dash. */
function storyIdPart(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

describe('usage notes on every component’s docs page', () => {
  it('every component folder has stories', () => {
    // A public component is a folder with an index (private/ has none: it is not exported).
    const folders = Object.keys(import.meta.glob('../components/*/index.ts')).map(
      (file) => file.split('/')[2],
    );
    expect(folders.length).toBeGreaterThan(30);
    const withStories = new Set(metas.map(({ file }) => file.split('/')[2]));
    expect(folders.filter((folder) => !withStories.has(folder))).toEqual([]);
  });

  it.each(metas.map(({ file, meta }) => [meta.title ?? file, meta] as const))(
    '%s says when to use it, with do and don’t notes',
    (_title, meta) => {
      expect(isComponentUsage(meta.parameters?.['usage'])).toBe(true);
    },
  );

  it('links between the notes lead to docs pages that exist', () => {
    const docsIds = new Set(metas.map(({ meta }) => `${storyIdPart(meta.title ?? '')}--docs`));
    const broken = metas.flatMap(({ meta }) => {
      const text = JSON.stringify(meta.parameters?.['usage'] ?? '');
      return [...text.matchAll(/\?path=\/docs\/([a-z0-9-]+)/g)]
        .map((match) => match[1] ?? '')
        .filter((id) => !docsIds.has(id))
        .map((id) => `${meta.title ?? ''} → ${id}`);
    });
    expect(broken).toEqual([]);
  });

  it('tells a valid note from an incomplete one', () => {
    expect(isComponentUsage({ use: 'Pick one.', do: ['Label it.'], dont: ['Hide it.'] })).toBe(
      true,
    );
    expect(isComponentUsage({ use: 'Pick one.', do: [], dont: ['Hide it.'] })).toBe(false);
    expect(isComponentUsage({ use: ' ', do: ['Label it.'], dont: ['Hide it.'] })).toBe(false);
    expect(isComponentUsage({ use: 'Pick one.', do: ['Label it.'], dont: [''] })).toBe(false);
    expect(isComponentUsage(undefined)).toBe(false);
  });
});
