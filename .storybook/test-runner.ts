import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext, waitForPageReady } from '@storybook/test-runner';
import { injectAxe } from 'axe-playwright';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { defaultThemeName, themeNames } from '@studio/tokens';

/**
 * Every story, after its play function:
 *  1. a full axe check (WCAG 2.2 A/AA) in the story's own theme, failing on serious or critical;
 *  2. the colour-contrast rule again in each of the other five themes, so every story is proven
 *     to render readably in all six;
 *  3. a visual snapshot compared with the committed baseline.
 *
 * Cost matters: this runs for every story (600+), so each step does only the work its answer needs
 * (see the comments on `axeResultTypes`, `accessibility` and `matchesBaselineBytes`).
 */
// Overridable so a developer can try stories without touching the committed baselines.
const snapshotsDir = path.resolve(
  process.env['VISUAL_SNAPSHOTS_DIR'] ?? path.join(process.cwd(), '.storybook/__image_snapshots__'),
);

/**
 * A refresh run (test-stories --refresh) rewrites every baseline its screenshot is not
 * byte-for-byte equal to, within the tolerance too: a baseline older than a sub-pixel change still
 * matches, but only after decoding both images, and the byte-equal shortcut saves that on each run.
 */
const refreshBaselines = process.env['VISUAL_SNAPSHOTS_REFRESH'] === '1';

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts: ('serious' | 'critical')[] = ['serious', 'critical'];
/**
 * Only violations are read, so only violations are serialised: by default axe also builds a
 * selector and an HTML snippet for every passing node (every text element, for colour contrast),
 * which cost more than the checks themselves.
 */
const axeResultTypes = ['violations'] as const;

/** The part of axe-core's in-page API and results this file reads (axe-core is not a direct dependency). */
interface AxeViolation {
  id: string;
  help: string;
  impact?: string | null;
  nodes: { target: string[]; html: string }[];
}
interface AxeInPage {
  run(
    context: Element | { include: Element[] },
    options: { runOnly: { type: 'rule' | 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{ violations: AxeViolation[] }>;
}

/**
 * The story's accessibility, in one round trip: the full check (axeTags) in its own theme, then
 * the contrast rule in each other theme (the page switches theme, runs the rule and moves on, then
 * restores the story's own). Returns the failing nodes, each tagged with its theme.
 *
 * Only text whose styling has not been checked in this page yet is checked again in the other
 * themes. A text's colours in a theme follow from its lineage: the tags, classes, inline styles and
 * the state attributes CSS selects on (data-*, aria-*, disabled…) of the element and every
 * ancestor. The test-runner renders a file's stories in one page, and a file's stories mostly
 * re-render the same pieces, so the page remembers the lineages it has proven in all six themes
 * (the story's own theme in the full check, the five others here) and hands axe only the rest.
 * The rule still measures each of those against the whole page, so overlapping backgrounds count
 * as before.
 */
async function accessibility(page: Page, themes: readonly string[], fallbackTheme: string) {
  return page.evaluate(
    async ({ themes, fallbackTheme, tags, impacts, resultTypes }) => {
      const { axe } = window as unknown as { axe: AxeInPage };
      const memory = window as unknown as { __contrastLineages?: Set<string> };
      const proven = (memory.__contrastLineages ??= new Set<string>());
      const root = document.documentElement;
      const ownTheme = root.dataset['theme'] ?? fallbackTheme;
      const failing = (violations: AxeViolation[]) =>
        violations
          .filter((violation) => (impacts as string[]).includes(violation.impact ?? ''))
          .map(({ id, help, nodes }) => ({ id, help, nodes }));

      const failures: { theme: string; violations: AxeViolation[] }[] = [];
      const full = await axe.run(document.body, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: [...resultTypes],
      });
      const own = failing(full.violations);
      if (own.length > 0) failures.push({ theme: ownTheme, violations: own });

      // Attributes that carry content or identity, not state: no stylesheet here selects on them.
      const ignored = new Set([
        'id',
        'aria-label',
        'aria-labelledby',
        'aria-describedby',
        'aria-controls',
        'aria-owns',
        'aria-activedescendant',
        'aria-valuenow',
        'aria-valuetext',
        'data-testid',
      ]);
      const stateAttribute = (name: string) =>
        !ignored.has(name) &&
        (name.startsWith('data-') ||
          name.startsWith('aria-') ||
          ['disabled', 'type', 'role', 'open', 'checked', 'selected', 'readonly'].includes(name));
      const lineages = new Map<Element, string>();
      const lineage = (element: Element): string => {
        const known = lineages.get(element);
        if (known !== undefined) return known;
        const attributes = [...element.attributes]
          .filter(({ name }) => stateAttribute(name))
          .map(({ name, value }) => `${name}=${value}`)
          .join(',');
        const mine = `${element.tagName}.${element.getAttribute('class') ?? ''}{${
          element.getAttribute('style') ?? ''
        }}[${attributes}]`;
        const parent = element.parentElement;
        // The root's theme attribute is what changes between the checks, not a lineage.
        const value = parent && parent !== root ? `${lineage(parent)}>${mine}` : mine;
        lineages.set(element, value);
        return value;
      };
      const hasText = (element: Element) =>
        element.matches('input, textarea, select') ||
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );

      const unproven = new Set<string>();
      const elements: Element[] = [];
      for (const element of document.body.querySelectorAll('*')) {
        if (!hasText(element)) continue;
        const key = lineage(element);
        if (proven.has(key)) continue;
        unproven.add(key);
        elements.push(element);
      }
      if (elements.length === 0) return failures;
      try {
        for (const theme of themes) {
          if (theme === ownTheme) continue;
          root.setAttribute('data-theme', theme);
          const results = await axe.run(
            { include: elements },
            {
              runOnly: { type: 'rule', values: ['color-contrast'] },
              resultTypes: [...resultTypes],
            },
          );
          const violations = failing(results.violations);
          if (violations.length > 0) failures.push({ theme, violations });
        }
      } finally {
        root.setAttribute('data-theme', ownTheme);
      }
      // A lineage that failed is reported with this story and checked again in the next.
      if (failures.length === 0) for (const key of unproven) proven.add(key);
      return failures;
    },
    {
      themes,
      fallbackTheme,
      tags: axeTags,
      impacts: failingImpacts,
      resultTypes: axeResultTypes,
    },
  );
}

/**
 * Chromium encodes the same pixels to the same PNG bytes, so a screenshot byte-for-byte equal to
 * its baseline has matched without decoding either image. Anything else goes to the pixel diff.
 */
function matchesBaselineBytes(image: Buffer, identifier: string) {
  const baseline = path.join(snapshotsDir, `${identifier}.png`);
  return existsSync(baseline) && readFileSync(baseline).equals(image);
}

/** How much of a screenshot may differ from its baseline (anti-aliasing, never a layout change). */
const visualTolerance = {
  /** pixelmatch's per-pixel colour threshold, jest-image-snapshot's default. */
  pixelThreshold: 0.01,
  /** The share of differing pixels allowed: 0.2 % (jest-image-snapshot's 'percent' type). */
  failureRatio: 0.002,
};

/** A PNG's RGBA pixels, decoded by libvips. */
async function pixels(png: Buffer) {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The comparison jest-image-snapshot makes (pixelmatch with its threshold, then the ratio of
 * differing pixels), with the PNGs decoded by libvips: jest-image-snapshot decodes with pngjs inside
 * Jest's sandbox, which took about a second for a 1024×768 story and nine for a long page. A
 * screenshot outside the tolerance still goes to jest-image-snapshot, for its diff image, its
 * message and, in an update run, the new baseline.
 */
async function withinTolerance(image: Buffer, identifier: string) {
  const baseline = path.join(snapshotsDir, `${identifier}.png`);
  if (!existsSync(baseline)) return false;
  const [expected, actual] = await Promise.all([pixels(readFileSync(baseline)), pixels(image)]);
  if (expected.width !== actual.width || expected.height !== actual.height) return false;
  const { default: pixelmatch } = await import('pixelmatch');
  const differing = pixelmatch(expected.data, actual.data, null, actual.width, actual.height, {
    threshold: visualTolerance.pixelThreshold,
  });
  return differing / (actual.width * actual.height) <= visualTolerance.failureRatio;
}

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    // The test-runner renders every story of a file in one page: axe (half a megabyte of script)
    // needs evaluating once per page, not once per story.
    if (!(await page.evaluate(() => 'axe' in window))) await injectAxe(page);
    // A story may ask for a screen size (`parameters.screen`, a phone's 390×844, say); the others
    // get test-runner-jest.config.js's 1024×768 back, since one page serves a whole file.
    // (Only once the runner's page helpers are there: after a retried navigation they are not yet.)
    const ready = await page.evaluate(() => '__getContext' in globalThis);
    const screen = ready
      ? ((await getStoryContext(page, context)).parameters['screen'] as
          { width: number; height: number } | undefined)
      : undefined;
    const size = screen ?? { width: 1024, height: 768 };
    const current = page.viewportSize();
    if (current?.width !== size.width || current.height !== size.height)
      await page.setViewportSize(size);
  },
  async postVisit(page, context) {
    // The runner calls this after a failed play function too: the story has already failed, and
    // its half-played screen must never be written as a baseline by an update run.
    if ((context as { hasFailure?: boolean }).hasFailure) return;
    const story = await getStoryContext(page, context);
    await waitForPageReady(page);
    await page.evaluate(() => document.fonts.ready);
    // Freeze motion and the caret so screenshots are the same on every run.
    await page.addStyleTag({
      content:
        '*, *::before, *::after { animation-play-state: paused !important; animation-delay: -0.3s !important; transition: none !important; caret-color: transparent !important; }',
    });

    const a11y = story.parameters['a11y'] as { disable?: boolean } | undefined;
    if (!a11y?.disable) {
      const failures = await accessibility(page, themeNames, defaultThemeName);
      const report = failures.flatMap(({ theme, violations }) =>
        violations.flatMap(({ id, help, nodes }) =>
          nodes.map(
            (node) => `[${theme}] ${id}: ${help}: ${node.target.join(' ')}\n  ${node.html}`,
          ),
        ),
      );
      expect(report).toEqual([]);
    }

    const visual = story.parameters['visual'] as { disable?: boolean } | undefined;
    if (!visual?.disable) {
      const image = await page.screenshot({ fullPage: true, animations: 'disabled' });
      if (matchesBaselineBytes(image, context.id)) return;
      if (await withinTolerance(image, context.id)) {
        if (refreshBaselines) writeFileSync(path.join(snapshotsDir, `${context.id}.png`), image);
      } else {
        // Loaded only for a screenshot outside the tolerance (or a new one): Jest evaluates a
        // file's modules again for every story file, and most never need these.
        const { toMatchImageSnapshot } = await import('jest-image-snapshot');
        expect.extend({ toMatchImageSnapshot });
        expect(image).toMatchImageSnapshot({
          customSnapshotsDir: snapshotsDir,
          customSnapshotIdentifier: context.id,
          customDiffConfig: { threshold: visualTolerance.pixelThreshold },
          failureThreshold: visualTolerance.failureRatio,
          failureThresholdType: 'percent',
          // The default spawns a Node process per comparison (synchronously); in-process is the
          // same pixelmatch without that start-up cost per story.
          runInProcess: true,
        });
      }
    }
  },
};

export default config;
