import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext, waitForPageReady } from '@storybook/test-runner';
import { checkA11y, injectAxe } from 'axe-playwright';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import path from 'node:path';
import { defaultThemeName, themeNames } from '@studio/tokens';

/**
 * Every story, after its play function:
 *  1. a full axe check (WCAG 2.2 A/AA) in the story's own theme, failing on serious or critical;
 *  2. the colour-contrast rule again in each of the other five themes, so every story is proven
 *     to render readably in all six;
 *  3. a visual snapshot compared with the committed baseline.
 */
// Overridable so a developer can try stories without touching the committed baselines.
const snapshotsDir = path.resolve(
  process.env['VISUAL_SNAPSHOTS_DIR'] ?? path.join(process.cwd(), '.storybook/__image_snapshots__'),
);

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },
  async preVisit(page) {
    await injectAxe(page);
  },
  async postVisit(page, context) {
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
      await checkA11y(page, 'body', {
        axeOptions: { runOnly: { type: 'tag', values: axeTags } },
        includedImpacts: ['serious', 'critical'],
        detailedReport: true,
        verbose: false,
        detailedReportOptions: { html: true },
      });
      const ownTheme = await page.evaluate(() => document.documentElement.dataset['theme']);
      for (const theme of themeNames.filter((name) => name !== (ownTheme ?? defaultThemeName))) {
        await page.evaluate(
          (name) => document.documentElement.setAttribute('data-theme', name),
          theme,
        );
        await checkA11y(page, 'body', {
          axeOptions: { runOnly: { type: 'rule', values: ['color-contrast'] } },
          includedImpacts: ['serious', 'critical'],
          detailedReport: true,
          verbose: false,
        });
      }
      await page.evaluate(
        (name) => document.documentElement.setAttribute('data-theme', name),
        ownTheme ?? defaultThemeName,
      );
    }

    const visual = story.parameters['visual'] as { disable?: boolean } | undefined;
    if (!visual?.disable) {
      const image = await page.screenshot({ fullPage: true, animations: 'disabled' });
      expect(image).toMatchImageSnapshot({
        customSnapshotsDir: snapshotsDir,
        customSnapshotIdentifier: context.id,
        // Anti-aliasing may differ by a few pixels between runs; layout changes never stay this small.
        failureThreshold: 0.002,
        failureThresholdType: 'percent',
      });
    }
  },
};

export default config;
