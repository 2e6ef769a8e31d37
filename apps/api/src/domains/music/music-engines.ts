import type { FastifyBaseLogger } from 'fastify';
import { mp3EncoderName } from '../providers/index.ts';
import type { ProviderCredentials } from '../providers/provider-credentials.ts';
import { cloudMusicEngines } from '../providers/music/cloud-music-engines.ts';
import { createComposerEngine } from '../providers/music/composer-engine.ts';
import type { MusicEngine } from '../providers/music/music-engine.ts';
import type { MusicConfig } from './music-config.ts';

/** What the engines may read: the tool's settings and the providers' keys and addresses. */
export interface MusicEnginesConfig {
  music: MusicConfig;
  providers: ProviderCredentials;
}

/**
 * The engines the music creator makes music with, in the order the catalogue lists them (the
 * first offline composer is the default model): the offline composer, always (it needs nothing
 * but the sound font the install brings), then each provider whose key is set (ElevenLabs, Stable
 * Audio, fal), their models on MUSIC_CLOUD_PLAN.
 */
export function createMusicEngines(
  config: MusicEnginesConfig,
  options: { log: FastifyBaseLogger },
): MusicEngine[] {
  const composer = createComposerEngine(
    config.music.soundFontPath ? { soundFontPath: config.music.soundFontPath } : {},
  );
  const cloud = cloudMusicEngines(config.providers, { plan: config.music.cloudPlan });
  options.log.info(
    { engines: [composer, ...cloud].map((engine) => engine.provider) },
    'Music: the offline composer, and the AI music providers that have a key',
  );
  // For operators: which encoder makes the MP3s (music and speech), and how to make it faster.
  void mp3EncoderName().then((encoder) =>
    options.log.info(
      { mp3Encoder: encoder },
      encoder === 'lame'
        ? 'MP3s are encoded by Debian’s lame'
        : 'MP3s are encoded by the bundled lamejs; install Debian’s lame (apt-get install lame) to encode several times faster',
    ),
  );
  return [composer, ...cloud];
}
