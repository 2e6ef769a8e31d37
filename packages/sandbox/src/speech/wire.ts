/**
 * The sandbox speech server's requests and responses, free of any transport: http.ts adapts
 * Node's HTTP server to them, fetch.ts an in-process `fetch`.
 */

export interface SpeechServerRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  headers: Headers;
  body: Uint8Array;
  /** Fires when the client goes away: speaking stops. */
  signal: AbortSignal;
}

export interface SpeechServerResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** OpenAI's limit for an uploaded recording; a speech request is far smaller. */
export const maxRecordingBytes = 25 * 1024 * 1024;
/** The largest request body read: a recording and its form fields. */
export const maxRequestBytes = maxRecordingBytes + 1024 * 1024;

export function json(status: number, value: unknown): SpeechServerResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: Buffer.from(JSON.stringify(value)),
  };
}

/** A refusal in OpenAI's error shape (`{error: {message, type, param, code}}`). */
export class OpenAIProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly type = status >= 500 ? 'server_error' : 'invalid_request_error',
  ) {
    super(message);
    this.name = 'OpenAIProblem';
  }
}

export function problemResponse(problem: OpenAIProblem): SpeechServerResponse {
  return json(problem.status, {
    error: {
      message: problem.message,
      type: problem.type,
      param: problem.param,
      code: problem.code,
    },
  });
}

/** An `Authorization` header without a key is refused as OpenAI does; no header is fine. */
export function checkKey(headers: Headers): void {
  const authorization = headers.get('authorization');
  if (authorization !== null && !/^Bearer\s+\S+/i.test(authorization)) {
    throw new OpenAIProblem(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      null,
      'invalid_api_key',
    );
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Vietnamese-only letters (đ, ă, â, ê, ô, ơ, ư and the toned vowels): a tenth of the letters means vi. */
const vietnameseLetters =
  /[đĐăĂâÂêÊôÔơƠưƯàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵÀÁẢÃẠẰẮẲẴẶẦẤẨẪẬÈÉẺẼẸỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌỒỐỔỖỘỜỚỞỠỢÙÚỦŨỤỪỨỬỮỰỲÝỶỸỴ]/gu;

export function languageOfText(text: string): 'en' | 'vi' {
  const normalized = text.normalize('NFC');
  const vietnamese = normalized.match(vietnameseLetters)?.length ?? 0;
  const letters = normalized.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && vietnamese / letters >= 0.1 ? 'vi' : 'en';
}
