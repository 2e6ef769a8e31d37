import type { SpokenReply } from '@studio/contracts';

/** A spoken reply's base64 audio as a Blob of its own type. */
export function spokenReplyBlob(audio: SpokenReply): Blob {
  const binary = atob(audio.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: audio.mimeType });
}
