import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { entitlementTiers, pricingResponse } from '@studio/contracts';
import { languageCodes, type LanguageCode } from '@studio/contracts/options';
import { aiToolsMenu, studioTool, studioTools, type StudioTool } from '@studio/contracts/tools';
import { screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UserHomePage } from '../features/account/components/UserHomePage';
import { headerGroups, sidebarGroups } from '../features/shell/navigation';
import { listFormatter } from '../lib/listFormat';
import { paths } from '../lib/paths';
import { sampleUser } from '../mocks/auth';
import { samplePricing } from '../mocks/handlers/payments';
import { renderApp, renderInApp } from '../test/render';
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

/** A translation file as it is served. */
function texts<T>(language: LanguageCode, namespace: string): T {
  return JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as T;
}

/** A meter's texts on the plan cards (billing.json, entitlements.meters.<meter>). */
interface MeterTexts {
  daily?: string;
  none?: string;
  amount?: string;
}

/** A tool's name as the pages write it (services.json, tools.<id>.name), in English. */
const nameOf = (tool: StudioTool) =>
  texts<{ tools: Record<string, { name: string }> }>('en', 'services').tools[tool.id]?.name ?? '';

const open = studioTools.filter((tool) => tool.available);
const announced = studioTools.filter((tool) => !tool.available);

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

  it.each(open.map((tool) => [tool.id, tool] as const))(
    '%s (open): its texts in both languages, a daily allowance on the plans, and stories',
    (_id, tool) => {
      expect(tool.namespace).not.toBeNull();
      for (const language of languageCodes) {
        expect(existsSync(path.join(locales, language, `${tool.namespace}.json`))).toBe(true);
      }
      // Every open tool meters something: a daily allowance per plan.
      expect(tool.meters).not.toHaveLength(0);
      const pricing = pricingResponse.parse(samplePricing);
      for (const meter of tool.meters) {
        // Its meter's limit for every plan and for visitors, in the pricing answer (the MSW
        // answer, checked by the contract; the API's own test asks the API).
        for (const tier of entitlementTiers) {
          expect(pricing.entitlements[tier].daily[meter]).toBeTypeOf('number');
        }
        expect(pricing.visitor.daily[meter]).toBeTypeOf('number');
        // Its plan-card line in both languages: an allowance, none, and the visitor's amount.
        for (const language of languageCodes) {
          const billing = texts<{ entitlements: { meters: Record<string, MeterTexts> } }>(
            language,
            'billing',
          );
          const meterTexts = billing.entitlements.meters[meter];
          expect(meterTexts?.daily, `${language} daily`).toContain('{{number}}');
          expect(meterTexts?.none, `${language} none`).toBeTruthy();
          expect(meterTexts?.amount, `${language} amount`).toContain('{{number}}');
        }
      }
      // Its feature folder is named by its namespace (features/chat, features/images).
      expect(storiesIn(path.join(features, tool.namespace ?? ''))).not.toHaveLength(0);
    },
  );

  it('names each tool once, and every announced tool has its /services section texts', () => {
    expect(new Set(studioTools.map((tool) => tool.id)).size).toBe(studioTools.length);
    for (const language of languageCodes) {
      const services = texts<{ tools: Record<string, { name?: string }> }>(language, 'services');
      for (const tool of studioTools) expect(services.tools[tool.id]?.name).toBeTruthy();
    }
  });
});

describe('each tool, open or coming soon as its entry says', () => {
  it("on the home page's tool grid", async () => {
    renderApp({ initialEntries: ['/'] });
    const first = await screen.findByRole('heading', {
      level: 3,
      name: nameOf(studioTool('vision')),
    });
    const cards = within(first.closest('ul') ?? document.body).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      studioTools.map(nameOf),
    );
    studioTools.forEach((tool, index) =>
      expect(cards[index]).toHaveTextContent(tool.available ? 'Available now' : 'Coming soon'),
    );
  });

  it('on /services', async () => {
    renderApp({ initialEntries: ['/services'] });
    await screen.findByRole('region', { name: 'Available today' });
    // A section per state a tool is in: none for "coming soon" once every tool is open.
    if (announced.length === 0) {
      expect(screen.queryByRole('region', { name: 'Coming soon' })).toBeNull();
    }
    for (const [region, tools, badge] of [
      ['Available today', open, 'Available now'],
      ...(announced.length > 0 ? [['Coming soon', announced, 'Coming soon'] as const] : []),
    ] as const) {
      const entries = within(await screen.findByRole('region', { name: region })).getAllByRole(
        'article',
      );
      expect(entries.map((entry) => within(entry).getByRole('heading').textContent)).toEqual(
        tools.map(nameOf),
      );
      for (const entry of entries) expect(entry).toHaveTextContent(badge);
    }
  });

  it("in the help centre's answer about the tools", async () => {
    renderApp({ initialEntries: ['/help'] });
    await screen.findByRole('heading', { level: 1, name: 'Help Center' });
    const list = listFormatter('en');
    if (announced.length > 0) {
      const answer = document.getElementById('other-tools-answer')?.textContent ?? '';
      expect(answer).toContain(`${list(open.map(nameOf))} are available today.`);
      expect(answer).toContain(`${list(announced.map(nameOf))} are coming soon`);
    } else {
      expect(document.getElementById('other-tools-answer')).toBeNull();
      const answer = document.getElementById('all-tools-answer')?.textContent ?? '';
      expect(answer).toContain(`All of them: ${list(open.map(nameOf))} are available today`);
    }
  });

  it('in the AI tools menus: an open tool links to its page, an announced one to the page that says it is coming', async () => {
    for (const groups of [headerGroups, sidebarGroups]) {
      const menu = groups.find((group) => group.label === 'aiTools')?.links ?? [];
      expect(menu.slice(1).map((link) => link.to)).toEqual(
        aiToolsMenu.map((id) => studioTool(id).path),
      );
    }
    // The content writer was the last announced tool: its link now opens the tool.
    const writer = studioTool('content-writer');
    expect(aiToolsMenu).toContain(writer.id);
    expect(writer.available).toBe(true);
    const { unmount: leave } = renderApp({ initialEntries: [writer.path ?? ''] });
    expect(await screen.findByRole('heading', { level: 1, name: nameOf(writer) })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Write' })).toBeVisible();
    expect(screen.queryByText('Coming soon')).toBeNull();
    leave();
    const announcedInMenus = aiToolsMenu.map(studioTool).filter((tool) => !tool.available);
    for (const tool of announcedInMenus) {
      const { unmount } = renderApp({ initialEntries: [tool.path ?? ''] });
      expect(await screen.findByRole('heading', { level: 1, name: nameOf(tool) })).toBeVisible();
      expect(screen.getByText('Coming soon')).toBeVisible();
      unmount();
    }
  });

  it('on the signed-in home: every open tool with a page, after all services', async () => {
    renderInApp(createElement(UserHomePage, { user: sampleUser }));
    const card = (await screen.findByRole('heading', { level: 2, name: 'Your tools' })).closest(
      'section',
    );
    const links = within(card ?? document.body).getAllByRole('link');
    const shown = open.filter((tool) => tool.path !== null && tool.id !== 'chat');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['All services', paths.services],
      ...shown.map((tool) => [nameOf(tool), tool.path]),
    ]);
  });
});
