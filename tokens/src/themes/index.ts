import type { Theme, ThemeName } from '../colors.ts';
import { apricot } from './apricot.ts';
import { cherry } from './cherry.ts';
import { dark } from './dark.ts';
import { eggplant } from './eggplant.ts';
import { forest } from './forest.ts';
import { light } from './light.ts';

/** Every theme by name, in the order the theme picker shows them (§3 Theme). */
export const themes: Record<ThemeName, Theme> = { dark, light, cherry, eggplant, apricot, forest };
