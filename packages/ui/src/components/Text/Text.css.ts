import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

/** The sizes of running text, from the type scale (headings have the larger steps). */
export const textSizes = ['xs', 'sm', 'md', 'lg'] as const;
export const textTones = [
  'neutral',
  'secondary',
  'accent',
  'critical',
  'positive',
  'caution',
] as const;
export const textWeights = ['regular', 'medium', 'semibold', 'bold'] as const;
export const textAligns = ['start', 'center', 'end'] as const;

type Size = (typeof textSizes)[number];
type Tone = (typeof textTones)[number];
type Weight = (typeof textWeights)[number];
type Align = (typeof textAligns)[number];

const sizeStyles = Object.fromEntries(
  textSizes.map((size) => [
    size,
    { fontSize: vars.fontSize[size], lineHeight: vars.lineHeight[size] },
  ]),
) as Record<Size, { fontSize: string; lineHeight: string }>;

/** Each tone is a role of the theme, so it reads in all six (the tokens' contrast tests). */
export const toneColors = {
  neutral: colorVars.text.primary,
  secondary: colorVars.text.muted,
  accent: colorVars.accent.text,
  critical: colorVars.status.critical,
  positive: colorVars.status.success,
  caution: colorVars.status.warning,
} as const satisfies Record<Tone, string>;

export const text = recipe({
  base: {
    margin: 0,
    // A prompt, an address or a title may hold a long word: it breaks rather than overflow.
    // (`break-word`, not `anywhere`: a text beside a button keeps its words' width.)
    overflowWrap: 'break-word',
  },
  variants: {
    size: sizeStyles,
    tone: Object.fromEntries(
      textTones.map((tone) => [tone, { color: toneColors[tone] }]),
    ) as Record<Tone, { color: string }>,
    weight: Object.fromEntries(
      textWeights.map((weight) => [weight, { fontWeight: vars.fontWeight[weight] }]),
    ) as Record<Weight, { fontWeight: string }>,
    align: {
      start: { textAlign: 'start' },
      center: { textAlign: 'center' },
      end: { textAlign: 'end' },
    } as const satisfies Record<Align, { textAlign: Align }>,
  },
});
