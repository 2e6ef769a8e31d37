import type {
  Voice,
  VoiceCatalogueResponse,
  VoiceClip,
  VoiceSynthesisInput,
} from '@studio/contracts';
import type { ModelPlan } from '@studio/contracts';
import { modelPlans } from '@studio/contracts/chatOptions';
import type { VoiceFormat, VoiceLanguage } from '@studio/contracts/voiceOptions';
import { detectTextLanguage } from '@studio/contracts/textLanguage';

/** The language as chosen: detected from the text, or one the person picked. */
export type LanguageChoice = 'auto' | VoiceLanguage;

/** What the form holds, as typed and picked; what is sent is worked out from it (toRequest). */
export interface VoiceFormState {
  text: string;
  language: LanguageChoice;
  /** null: the language's default voice. */
  voiceId: string | null;
  speed: number;
  pitch: number;
  format: VoiceFormat;
  instructions: string;
}

export const initialVoiceForm: VoiceFormState = {
  text: '',
  language: 'auto',
  voiceId: null,
  speed: 1,
  pitch: 1,
  format: 'mp3',
  instructions: '',
};

/** The speeds and pitches offered (the API takes 0.5–2 for both). */
export const speedChoices = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const pitchChoices = [0.75, 0.9, 1, 1.1, 1.25] as const;

/** The count the API limits: the text as sent (trimmed), in UTF-16 units as zod counts it. */
export const characterCount = (text: string) => text.trim().length;

/** The language the text will be spoken in, and whether it was detected. */
export function spokenLanguage(
  form: Pick<VoiceFormState, 'text' | 'language'>,
  interfaceLanguage: VoiceLanguage,
): { language: VoiceLanguage; detected: VoiceLanguage | null } {
  const detected = detectTextLanguage(form.text);
  return {
    language: form.language === 'auto' ? (detected ?? interfaceLanguage) : form.language,
    detected,
  };
}

/** The voice that will speak: the one picked if it speaks the language, else the default. */
export function chosenVoice(
  catalogue: Pick<VoiceCatalogueResponse, 'voices' | 'defaultVoice'>,
  voiceId: string | null,
  language: VoiceLanguage,
): Voice | null {
  const speaking = catalogue.voices.filter((voice) => voice.language === language);
  return (
    speaking.find((voice) => voice.id === voiceId) ??
    speaking.find((voice) => voice.id === catalogue.defaultVoice[language]) ??
    speaking[0] ??
    null
  );
}

/** Whether a plan (a visitor's is free) may use a voice of `voicePlan`. */
export function planAllows(callerPlan: ModelPlan | null, voicePlan: ModelPlan): boolean {
  return modelPlans.indexOf(callerPlan ?? 'free') >= modelPlans.indexOf(voicePlan);
}

export type VoiceFormError = 'textRequired' | 'tooLong' | 'overToday' | 'noVoice' | 'planLocked';

/** What stops the form from being sent, in the order the page says it. */
export function validateVoiceForm(
  form: VoiceFormState,
  voice: Voice | null,
  limits: VoiceCatalogueResponse['limits'],
  callerPlan: ModelPlan | null,
): VoiceFormError | null {
  const count = characterCount(form.text);
  if (count === 0) return 'textRequired';
  if (count > limits.maxCharactersPerRequest) return 'tooLong';
  if (count > limits.remainingToday) return 'overToday';
  if (!voice) return 'noVoice';
  if (!planAllows(callerPlan, voice.plan)) return 'planLocked';
  return null;
}

/** The request for the form's text, with only what the voice can do. */
export function toRequest(
  form: VoiceFormState,
  voice: Voice,
  language: VoiceLanguage,
): VoiceSynthesisInput {
  const can = (capability: Voice['capabilities'][number]) =>
    voice.capabilities.includes(capability);
  const instructions = form.instructions.trim();
  return {
    text: form.text.trim(),
    language,
    voice: voice.id,
    speed: can('speed') ? form.speed : 1,
    pitch: can('pitch') ? form.pitch : 1,
    format: form.format,
    instructions: can('instructions') && instructions ? instructions : null,
  };
}

/** A clip's settings back in the form ("Use these settings"). */
export function fromClip(clip: VoiceClip): VoiceFormState {
  return {
    text: clip.text,
    language: clip.language,
    voiceId: clip.voice,
    speed: clip.speed,
    pitch: clip.pitch,
    format: clip.format,
    instructions: clip.instructions ?? '',
  };
}

/** A clip made again exactly as it was ("Make again"). */
export function requestFromClip(clip: VoiceClip): VoiceSynthesisInput {
  return {
    text: clip.text,
    language: clip.language,
    voice: clip.voice,
    speed: clip.speed,
    pitch: clip.pitch,
    format: clip.format,
    instructions: clip.instructions,
  };
}
