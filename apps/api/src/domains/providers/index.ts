/**
 * The provider layer: everything that talks to an outside model (or a stand-in for one), for
 * every tool. It depends on no tool domain; the tools depend on it, through this index (their
 * configuration modules import provider-credentials.ts and the small files they check models
 * with directly, so that reading the configuration, as `npm run models:pull` does, loads no
 * SDK).
 *
 *   credentials → catalogue → adapters → failure mapping
 *
 * - Credentials (provider-credentials.ts): every provider's key, address and account settings,
 *   configured and checked once (`config.providers`); each tool's configuration reads its
 *   modality's variables from here to tell which of its models can work.
 * - Catalogue (catalogue/): every configured model of every modality with what it can do, the
 *   plan it needs (canUse) and whether it is a sandbox stand-in. Each modality's registry is
 *   built on its part (createModelCatalogue) and its plugin adds that part to the whole,
 *   `app.providers.catalogue` (provider-layer.ts).
 * - Adapters, one folder per modality: text/ (each provider's AI SDK language model, the
 *   embedded llama engine), image/ (each provider's image model, the ComfyUI and AUTOMATIC1111
 *   clients, sizes, masks, capabilities, the one model call), speech/ (Flite, eSpeak NG, OpenAI
 *   and compatible servers, ElevenLabs, Azure, Google Cloud TTS, none, and the registry that
 *   speaks through several at once), transcription/ (an OpenAI-compatible speech-to-text service,
 *   and offline Whisper through whisper.cpp), ocr/ (offline Tesseract in English and Vietnamese:
 *   worker threads started on the first picture, kept, and ended on a cancel or a timeout).
 * - Failures (provider-failure.ts): a failed call is sorted into a kind and a status, and logged,
 *   in one way; each modality turns the kind into its users' words (image/image-provider-error.ts,
 *   speech's SpeechError, the chat's own texts).
 *
 * What stays with the tools is what a tool decides, not how a provider is called: which models
 * it offers (CHAT_MODELS, IMAGE_MODELS, SPEECH_ENGINE, each in the tool's configuration), its
 * registry's face (app.models, app.imageModels, app.speech), and the request it makes. The image
 * tools check a request against the model's capabilities, leave out what the model cannot take
 * and compose the words (their style presets), then call image/call-image-model.ts; spoken
 * replies make the reply speakable and cut it to length before the engine speaks.
 *
 * Adding a modality (music, documents):
 * 1. its providers' variables in provider-credentials.ts, and its word in Modality;
 * 2. its adapter in a folder of its own here (a sandbox stand-in in packages/sandbox);
 * 3. the tool's registry built on createModelCatalogue(<modality>, …), its plugin adding it.
 */

export { canUse } from './catalogue/plans.ts';
export {
  type CatalogueEntry,
  type CatalogueModel,
  createModelCatalogue,
  type Modality,
} from './catalogue/model-catalogue.ts';
export type { CataloguePart, ProviderCatalogue } from './catalogue/provider-catalogue.ts';
export { createProviderLayer, type ProviderLayer } from './provider-layer.ts';

export {
  describeProviderFailure,
  failureOfStatus,
  logProviderFailure,
  type ProviderFailure,
  type ProviderFailureKind,
  type ProviderTool,
} from './provider-failure.ts';

export {
  type FetchFunction,
  languageModelFor,
  type TextModelDefinition,
  type TextModelOptions,
} from './text/language-models.ts';
export type { LanguageModelV3, LanguageModelV3StreamPart } from './text/language-model-types.ts';
export { LocalModelBusyError } from './text/local/busy.ts';
// Types only: the engine itself (node-llama-cpp) is imported where it is started, when it is.
export type { LocalModelEngine } from './text/local/engine.ts';
export { queuePositionOf } from './text/local/language-model.ts';

export {
  callImageModel,
  type GeneratedPicture,
  type ImageInput,
  type ImageModelRequest,
  type ImageModelResult,
} from './image/call-image-model.ts';
export {
  type ImageModelDefinition,
  type ImageModelOptions,
  type ImageModelRuntime,
  imageModelRuntime,
} from './image/image-models.ts';
export {
  ImageProviderError,
  type ImageProviderFailure,
  imageProviderTexts,
} from './image/image-provider-error.ts';

export {
  type SpeechCapability,
  type SpeechEngine,
  type SpeechEngineName,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech/speech-engine.ts';
export { detectLanguage, type SpeechLanguage } from './speech/language.ts';
export {
  createEspeakSpeech,
  createFliteSpeech,
  createOpenAiCompatibleSpeech,
  type OpenAiSpeechSettings,
  type SpeechEngineOptions,
} from './speech/speech-engines.ts';
export {
  createSpeechRegistry,
  type SpeechRegistryOptions,
  speechModels,
} from './speech/speech-registry.ts';
export { silentEngine } from './speech/silent-engine.ts';
export {
  type CloudSpeechSettings,
  type SpeechProvidersConfig,
  type TranscriptionSettings,
} from './speech/cloud-speech-config.ts';
export { type CloudSpeechOptions, cloudSpeechEngines } from './speech/cloud-speech-engines.ts';
export {
  createOpenAiSpeechEngine,
  type OpenAiSpeechOptions,
} from './speech/openai-speech-engine.ts';
export { createElevenLabsSpeechEngine } from './speech/elevenlabs-speech-engine.ts';
export { createAzureSpeechEngine } from './speech/azure-speech-engine.ts';
export { createGoogleSpeechEngine } from './speech/google-speech-engine.ts';

export {
  type TranscriptionEngine,
  TranscriptionError,
  type TranscriptionLanguage,
  type TranscriptionRequest,
  type TranscriptionResult,
} from './transcription/transcription-engine.ts';
export {
  createOpenAiTranscriptionEngine,
  maxTranscriptionBytes,
  type OpenAiTranscriptionOptions,
} from './transcription/openai-transcription-engine.ts';
export {
  transcriptionCatalogue,
  transcriptionEngine,
  transcriptionModels,
} from './transcription/transcription-engines.ts';
export {
  type ComposerEngineOptions,
  createComposerEngine,
  defaultComposerWorker,
} from './music/composer-engine.ts';
export {
  type MusicEngine,
  MusicError,
  type MusicGenerateRequest,
  type MusicGenerateResult,
  type MusicModelInfo,
  type MusicSource,
} from './music/music-engine.ts';
export { encodeMp3, mp3EncoderName, type Mp3EncoderName } from './speech/mp3.ts';
export { encodeOggOpus } from './speech/ogg-opus.ts';
export { resampleMono, toMono } from './speech/pcm.ts';
export {
  durationSeconds,
  type PcmAudio,
  parseWav,
  WavFormatError,
  writeWav,
} from './speech/wav.ts';
export {
  cleanWhisperText,
  createWhisperEngine,
  WhisperBusyError,
  type WhisperContextLike,
  type WhisperEngineOptions,
  type WhisperLoader,
} from './transcription/whisper-engine.ts';
export {
  defaultWhisperModel,
  findWhisperModel,
  whisperModelLicence,
  whisperModels,
  type WhisperModelSource,
} from './transcription/whisper-models.ts';
export { resample, whisperPcmOf, whisperSampleRate } from './transcription/whisper-pcm.ts';
export {
  type OcrBox,
  type OcrEngine,
  OcrError,
  type OcrErrorKind,
  type OcrLanguage,
  ocrLanguages,
  type OcrLine,
  type OcrRequest,
  type OcrResult,
  type OcrWord,
} from './ocr/ocr-engine.ts';
// tesseract.js is imported when the engine starts its first worker, not with this index.
export { createTesseractEngine, type TesseractEngineOptions } from './ocr/tesseract-engine.ts';
export { type OcrConfig, ocrConfigModule } from './ocr/ocr-config.ts';
export { tesseractLanguagesFor } from './ocr/tesseract-data.ts';
export { tesseractWorkerOptions } from './ocr/tesseract-worker.ts';
