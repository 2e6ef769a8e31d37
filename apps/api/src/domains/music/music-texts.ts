import {
  MUSIC_EXTEND_MAX_SECONDS,
  MUSIC_EXTEND_MIN_SECONDS,
  type MusicCapability,
} from '@studio/contracts';

/** The music tool's own words for the user (the §8 style: what happened, what to do). */

const planNames = { free: 'Free', pro: 'Pro', godmode: 'GodMode' } as const;

const capabilityPhrases: Record<MusicCapability, string> = {
  settings: 'follow the settings exactly',
  lyrics: 'sing lyrics. Remove them',
  instrumental: 'be told to stay instrumental',
  extend: 'continue a piece',
  section: 'write one section again',
  seed: 'repeat a piece from its seed',
  midi: 'write MIDI',
  stems: 'make stems',
};

export const musicServiceTexts = {
  badCursor: 'This list link is not valid. Reload your pieces.',
  unknownModel: 'This music model is not available. Choose one of the listed models.',
  unknownSource: 'The piece to start from was not found. Choose one of your pieces.',
  extendNeedsSeconds: `Say how many seconds to add, from ${MUSIC_EXTEND_MIN_SECONDS} to ${MUSIC_EXTEND_MAX_SECONDS}.`,
  sectionNeedsIndex: 'Say which section to write again.',
  notKept: 'This file was not made for this piece.',
  describeUnavailable: 'The piece could not be described. Please try again.',

  needsPlan: (modelName: string, plan: keyof typeof planNames) =>
    `${modelName} needs the ${planNames[plan]} plan. Upgrade to use it.`,

  lacks: (modelName: string, capability: MusicCapability) =>
    `${modelName} cannot ${capabilityPhrases[capability]}. Choose another model.`,

  tooLong: (seconds: number, limit: number, signedIn: boolean) =>
    `That piece would last ${seconds} seconds; ${
      signedIn ? 'your plan makes' : 'without an account you can make'
    } pieces of up to ${limit} seconds. Make it shorter${
      signedIn ? ', or upgrade for longer pieces' : ', or sign in for longer pieces'
    }.`,

  modelTooShort: (modelName: string, seconds: number, limit: number) =>
    `${modelName} makes at most ${limit} seconds in one go, not ${seconds}. Make it shorter, or choose another model.`,
} as const;
