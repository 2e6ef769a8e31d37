import type { FastifyBaseLogger } from 'fastify';
import type { ProviderCredentials } from '../providers/provider-credentials.ts';
import type { MusicEngine } from '../providers/music/music-engine.ts';
import type { MusicConfig } from './music-config.ts';

/** What the engines may read: the tool's settings and the providers' keys and addresses. */
export interface MusicEnginesConfig {
  music: MusicConfig;
  providers: ProviderCredentials;
}

/**
 * The engines the music creator makes music with, in the order the catalogue lists them (the
 * first offline composer is the default model). The one place an engine is plugged in: the
 * offline composer (providers/music/composer-engine.ts) and each configured provider's adapter
 * (ElevenLabs, Stable Audio, fal) each add one line here.
 *
 * None is built yet on this branch, so this returns none: the tool then lists no model, refuses
 * a piece with "Music is turned off on this server" and adds nothing to the catalogue. It never
 * stands in with fake music.
 */
export function createMusicEngines(
  _config: MusicEnginesConfig,
  _options: { log: FastifyBaseLogger },
): MusicEngine[] {
  return [];
}
