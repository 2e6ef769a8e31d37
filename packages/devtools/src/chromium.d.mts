/** Types for chromium.mjs, for TypeScript consumers (Playwright configs). */
export function findChromium(options?: {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
}): string | undefined;
export const chromiumArgs: string[];
