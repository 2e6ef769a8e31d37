import { describe, expect, it } from 'vitest';
import { landingPages, linkedIds, missingPages, titleId } from './check-design-site.mjs';

/** @param {string} id @param {'docs' | 'story'} type @param {string} title @param {string} importPath */
const entry = (id, type, title, importPath) => ({ id, type, title, importPath });

describe('the design review site', () => {
  it('names pages as Storybook does', () => {
    expect(titleId('Actions/IconButton')).toBe('actions-iconbutton');
    expect(titleId('App/Payments/Upgrade modal')).toBe('app-payments-upgrade-modal');
    expect(titleId('Design review')).toBe('design-review');
  });

  it('finds the links a page makes to others, and nothing else', () => {
    const text =
      'See [Link](?path=/docs/actions-link--docs) and [the pending step](?path=/story/app-payments-upgrade-modal--vnpay-pending), not https://example.com/?path=x.';
    expect(linkedIds(text)).toEqual([
      'actions-link--docs',
      'app-payments-upgrade-modal--vnpay-pending',
    ]);
  });

  it('asks for the landing pages and a docs page per design system component', () => {
    const landing = Object.fromEntries(
      landingPages.map((id) => [id, entry(id, 'docs', id, './packages/ui/src/docs/x.mdx')]),
    );
    const button = {
      'actions-button--primary': entry(
        'actions-button--primary',
        'story',
        'Actions/Button',
        './packages/ui/src/components/Button/Button.stories.tsx',
      ),
    };
    // A page of the app needs no docs page of its own.
    const appStory = {
      'app-header--visitor': entry(
        'app-header--visitor',
        'story',
        'App/Header',
        './apps/web/src/app/Header.stories.tsx',
      ),
    };
    expect(missingPages({ ...landing, ...button, ...appStory })).toEqual(['actions-button--docs']);
    expect(
      missingPages({
        ...landing,
        ...button,
        'actions-button--docs': entry(
          'actions-button--docs',
          'docs',
          'Actions/Button',
          './packages/ui/src/components/Button/Button.stories.tsx',
        ),
      }),
    ).toEqual([]);
    expect(missingPages(button)).toEqual([...landingPages, 'actions-button--docs']);
  });
});
