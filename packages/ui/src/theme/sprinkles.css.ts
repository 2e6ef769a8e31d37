import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { breakpoints } from '@studio/tokens';
import { colorVars, vars } from './contract.css';

/** Layout atoms: the only way Box, Stack and Inline set spacing, alignment and surface. */
const responsive = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': `screen and (min-width: ${breakpoints.tablet}px)` },
    desktop: { '@media': `screen and (min-width: ${breakpoints.desktop}px)` },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between', 'space-around'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    marginLeft: vars.space,
    marginRight: vars.space,
    width: { full: '100%', auto: 'auto' },
    textAlign: ['left', 'center', 'right'],
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

const appearance = defineProperties({
  properties: {
    background: {
      base: colorVars.surface.base,
      raised: colorVars.surface.raised,
      sunken: colorVars.surface.sunken,
      accentSoft: colorVars.accent.soft,
      criticalSoft: colorVars.status.criticalSoft,
      successSoft: colorVars.status.successSoft,
      warningSoft: colorVars.status.warningSoft,
    },
    color: {
      primary: colorVars.text.primary,
      muted: colorVars.text.muted,
      accent: colorVars.accent.text,
      critical: colorVars.status.critical,
      success: colorVars.status.success,
      warning: colorVars.status.warning,
    },
    borderRadius: vars.radius,
    flexGrow: [0, 1],
    flexShrink: [0, 1],
    minWidth: [0],
  },
});

export const sprinkles = createSprinkles(responsive, appearance);
export type Sprinkles = Parameters<typeof sprinkles>[0];
