import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { studioTools } from '@studio/contracts/tools';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '@studio/contracts/options';
import { paths } from '../lib/paths';
import { appRoutes } from './routes';

const locales = path.resolve(import.meta.dirname, '../../public/locales');
const features = path.resolve(import.meta.dirname, '../features');

/** Every stories file under `folder`. */
function storiesIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.stories.tsx'),
  );
}

describe('the tool manifest (@studio/contracts/tools)', () => {
  const withPage = studioTools.filter((tool) => tool.path !== null);

  it.each(withPage.map((tool) => [tool.id, tool] as const))(
    '%s: its page is a route of the app (not the not-found page), at a path the app names',
    (_id, tool) => {
      const matches = matchRoutes(appRoutes, tool.path ?? '') ?? [];
      expect(matches.length).toBeGreaterThan(0);
      expect(matches.at(-1)?.route.path).not.toBe('*');
      expect(Object.values(paths)).toContain(tool.path);
    },
  );

  it.each(studioTools.filter((tool) => tool.available).map((tool) => [tool.id, tool] as const))(
    '%s (open): its texts in both languages, a daily allowance, and stories',
    (_id, tool) => {
      expect(tool.namespace).not.toBeNull();
      for (const language of languageCodes) {
        expect(existsSync(path.join(locales, language, `${tool.namespace}.json`))).toBe(true);
      }
      expect(tool.meter).not.toBeNull();
      // Its feature folder is named by its namespace (features/chat, features/images).
      expect(storiesIn(path.join(features, tool.namespace ?? ''))).not.toHaveLength(0);
    },
  );

  it('names each tool once, and every announced tool has its /services section texts', async () => {
    expect(new Set(studioTools.map((tool) => tool.id)).size).toBe(studioTools.length);
    for (const language of languageCodes) {
      const services = (await import(`../../public/locales/${language}/services.json`)) as {
        default: { tools: Record<string, { name?: string }> };
      };
      for (const tool of studioTools) expect(services.default.tools[tool.id]?.name).toBeTruthy();
    }
  });
});
