/**
 * The model `npm run models:pull` downloads when no --url is given: small enough for any laptop
 * (about 0.5 GB, runs on CPU), instruction-tuned, multilingual (English and Vietnamese among
 * them), under a licence that allows this use. Published by the Qwen team in GGUF on Hugging
 * Face, whose resolve URL announces the file's SHA-256 (X-Linked-ETag), so no hash is pinned here.
 */
export interface PullSource {
  /** What it is for: the chat's local model (GGUF) or dictation's Whisper model (ggml .bin). */
  use: 'chat' | 'dictation';
  url: string;
  /** The file name inside the models directory. */
  file: string;
  /** Shown before the download starts. */
  title: string;
  licence: string;
  /** A SHA-256 published apart from the download and pinned here (Whisper's models). */
  publishedSha256?: string;
}

export const defaultModel: PullSource = {
  use: 'chat',
  url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
  file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
  title: 'Qwen2.5-0.5B-Instruct, GGUF Q4_K_M (about 0.5 GB)',
  licence: 'Apache-2.0, by the Qwen team (https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF)',
};
