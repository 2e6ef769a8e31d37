import type { ThemeColors } from '@studio/tokens';
import { colorVars } from './contract.css';

/** What a theme of a product's own gives: a colour for every role, and its native controls' scheme. */
export interface CustomTheme {
  colors: ThemeColors;
  colorScheme: 'dark' | 'light';
}

/** `var(--name)` → `--name`. */
function propertyOf(reference: string): string {
  const name = /^var\((--[^,)]+)/.exec(reference)?.[1];
  if (!name) throw new Error(`not a CSS variable reference: ${reference}`);
  return name;
}

function declarationsOf(contract: object, values: object, into: Record<string, string>) {
  for (const [key, reference] of Object.entries(contract)) {
    const value: unknown = (values as Record<string, unknown>)[key];
    if (typeof reference === 'string') {
      if (typeof value !== 'string') throw new Error(`the theme has no colour for "${key}"`);
      into[propertyOf(reference)] = value;
    } else if (typeof value === 'object' && value !== null) {
      declarationsOf(reference as object, value, into);
    } else {
      throw new Error(`the theme has no colours for "${key}"`);
    }
  }
  return into;
}

/**
 * A theme's colours as the custom properties the components read (`--…: #hex`), every role of
 * the theme contract (`colorVars`) filled. A product adds a seventh theme without any build
 * plugin: as inline styles on an element (`style={themeProperties(mine.colors)}`), or through
 * themeStylesheet.
 */
export function themeProperties(colors: ThemeColors): Record<string, string> {
  return declarationsOf(colorVars, colors, {});
}

/**
 * The stylesheet of a theme of a product's own, applied as the six are: `data-theme="<name>"` on
 * the document's root (or on any element, to scope it). Put it in a `<style>` element or a CSS
 * file. `name` may hold letters, digits and dashes.
 */
export function themeStylesheet(name: string, theme: CustomTheme): string {
  if (!/^[a-z][a-z0-9-]*$/i.test(name)) {
    throw new Error('A theme name holds letters, digits and dashes, starting with a letter.');
  }
  const declarations = Object.entries(themeProperties(theme.colors))
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
  return `[data-theme="${name}"]{${declarations};color-scheme:${theme.colorScheme}}`;
}
