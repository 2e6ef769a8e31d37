import { audioKindOf, durationOfPcm, pcmOfWav, textOfMp3, textOfWav } from './tagged-audio.ts';
import {
  json,
  languageOfText,
  maxRecordingBytes,
  OpenAIProblem,
  type SpeechServerRequest,
  type SpeechServerResponse,
} from './wire.ts';

/**
 * `POST /v1/audio/transcriptions` as OpenAI's API takes it (multipart: `file`, `model`,
 * `language`, `response_format` json, text or verbose_json). The sandbox's own audio (its WAV or
 * MP3, which carry their words) is transcribed exactly; any other recording (a browser's WebM or
 * Ogg) gets a fixed phrase in the language asked for (English without one). A file that is not
 * audio, empty or over 25 MB is refused in OpenAI's error shape.
 */

/** What any recording that is not the sandbox's own "says", by language. */
export const sandboxPhrases = {
  en: 'This is the sandbox transcription of your recording.',
  vi: 'Đây là bản chép lời thử của hộp cát cho đoạn ghi âm của bạn.',
} as const;

const supportedFormats =
  "['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']";
const responseFormats = ['json', 'text', 'verbose_json'] as const;

/** The part's declared type, when it says one, must be audio (or a video container of audio). */
const acceptedTypes = /^(?:audio\/[\w.+-]+|video\/(?:webm|mp4|ogg)|application\/octet-stream)$/i;

async function formOf(request: SpeechServerRequest): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new OpenAIProblem(
      400,
      'The transcriptions endpoint takes multipart/form-data with a file.',
      null,
      'invalid_content_type',
    );
  }
  try {
    return await new Response(request.body, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new OpenAIProblem(
      400,
      'The multipart body could not be read.',
      null,
      'invalid_multipart',
    );
  }
}

const languageNames = { en: 'english', vi: 'vietnamese' } as const;

export async function transcriptions(request: SpeechServerRequest): Promise<SpeechServerResponse> {
  const form = await formOf(request);
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new OpenAIProblem(
      400,
      "you must provide a 'file' parameter",
      'file',
      'missing_required_parameter',
    );
  }
  const model = form.get('model');
  if (typeof model !== 'string' || model.trim() === '') {
    throw new OpenAIProblem(
      400,
      'you must provide a model parameter',
      'model',
      'missing_required_parameter',
    );
  }
  const responseFormat = form.get('response_format') ?? 'json';
  if (
    typeof responseFormat !== 'string' ||
    !(responseFormats as readonly string[]).includes(responseFormat)
  ) {
    throw new OpenAIProblem(
      400,
      `The sandbox answers response_format ${responseFormats.join(', ')}.`,
      'response_format',
      'invalid_value',
    );
  }
  const asked = form.get('language');
  if (asked !== null && (typeof asked !== 'string' || !/^[a-z]{2,3}$/.test(asked))) {
    throw new OpenAIProblem(
      400,
      'language must be an ISO-639-1 code such as en or vi.',
      'language',
      'invalid_value',
    );
  }
  if (file.size > maxRecordingBytes) {
    throw new OpenAIProblem(
      413,
      `Maximum content size limit (${maxRecordingBytes}) exceeded.`,
      'file',
      'file_too_large',
    );
  }
  const audio = Buffer.from(await file.arrayBuffer());
  if (audio.length === 0) {
    throw new OpenAIProblem(
      400,
      'Audio file is too short. Minimum audio length is 0.1 seconds.',
      'file',
      'audio_too_short',
    );
  }
  const kind = audioKindOf(audio);
  // The declared type without its parameters (`audio/webm;codecs=opus`).
  const declared = file.type.split(';')[0]?.trim() ?? '';
  if (!kind || (declared !== '' && !acceptedTypes.test(declared))) {
    throw new OpenAIProblem(
      400,
      `Invalid file format. Supported formats: ${supportedFormats}`,
      'file',
      'invalid_value',
    );
  }

  let text: string | null = null;
  let durationSeconds: number | null = null;
  if (kind === 'wav') {
    text = textOfWav(audio);
    const pcm = pcmOfWav(audio);
    if (pcm) durationSeconds = durationOfPcm(pcm);
  } else if (kind === 'mp3') {
    const tagged = textOfMp3(audio);
    text = tagged?.text ?? null;
    if (tagged?.durationMs != null) durationSeconds = tagged.durationMs / 1000;
  }
  const requested = asked === 'vi' || asked === 'en' ? asked : null;
  const language = requested ?? (text !== null ? languageOfText(text) : 'en');
  const words = text ?? sandboxPhrases[language];

  if (responseFormat === 'text') {
    return {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: Buffer.from(words),
    };
  }
  const seconds = durationSeconds === null ? null : Math.round(durationSeconds * 100) / 100;
  if (responseFormat === 'verbose_json') {
    return json(200, {
      task: 'transcribe',
      language: languageNames[language],
      ...(seconds === null ? {} : { duration: seconds }),
      text: words,
      segments: [{ id: 0, start: 0, end: seconds ?? 0, text: words }],
    });
  }
  return json(200, {
    text: words,
    ...(seconds === null ? {} : { usage: { type: 'duration', seconds: Math.ceil(seconds) } }),
  });
}
