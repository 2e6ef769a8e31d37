import { type VoiceCapability, type VoiceLanguage, voiceJobFailureTexts } from '@studio/contracts';

/** The voice tool's own words for the user (the §8 style: what happened, what to do). */

const languageNames: Record<VoiceLanguage, string> = { en: 'English', vi: 'Vietnamese' };
const planNames = { free: 'Free', pro: 'Pro', godmode: 'GodMode' } as const;
const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

const capabilityPhrases: Record<VoiceCapability, string> = {
  speed: 'change its speed. Set the speed to 1',
  pitch: 'change its pitch. Set the pitch to 1',
  instructions: 'take instructions on how to speak. Remove them',
};

export const voiceTexts = {
  unknownVoice: 'This voice is not available. Choose one of the listed voices.',
  badCursor: 'This list link is not valid. Reload your clips.',
  toolOff: 'Voice synthesis is not part of your plan.',

  noVoiceFor: (language: VoiceLanguage) =>
    `No voice speaks ${languageNames[language]} on this server. Choose another language.`,

  tooLong: (characters: number, limit: number, signedIn: boolean) =>
    `This text has ${numbers.format(characters)} characters; ${
      signedIn ? 'your plan speaks' : 'without an account you can speak'
    } up to ${numbers.format(limit)} in one request. Shorten it${
      signedIn ? ', or upgrade for longer texts' : ', or sign in for longer texts'
    }.`,

  needsPlan: (voiceName: string, plan: keyof typeof planNames) =>
    `${voiceName} needs the ${planNames[plan]} plan. Upgrade to use it.`,

  lacks: (voiceName: string, capability: VoiceCapability) =>
    `${voiceName} cannot ${capabilityPhrases[capability]}, or choose another voice.`,

  otherLanguage: (voiceName: string, spoken: VoiceLanguage, asked: VoiceLanguage) =>
    `${voiceName} speaks ${languageNames[spoken]}, not ${languageNames[asked]}. Choose a ${languageNames[asked]} voice, or set the language to ${languageNames[spoken]}.`,
} as const;

/** How a job ends when it fails on its own terms (shown to the user as they are). */
export const voiceJobTexts = voiceJobFailureTexts;
