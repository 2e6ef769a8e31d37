/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time API base URL, used when /config.json cannot be read (§7). */
  readonly VITE_API_BASE_URL?: string;
  /** `msw` runs `pnpm dev` against the MSW handlers instead of the API. */
  readonly VITE_API_MOCKS?: string;
}
