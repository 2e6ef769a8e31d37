/** The element that holds the prerendered picture of a page (render.tsx) until the app replaces it. */
export const prerenderedElementId = 'prerendered';

/**
 * The pages visitors land on whose first screen is the same for every visitor, prerendered. The
 * image tools are not: their first screen shows the visitor's own allowance for the day.
 */
export const prerenderedPaths = ['/', '/plans'] as const;
