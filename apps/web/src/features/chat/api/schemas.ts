/*
 * The contracts' schemas the chat checks its calls with, in a chunk of their own: they and zod
 * under them (25 KB gzipped) load with the first message, history or rewrite, not with the page,
 * whose composer must be usable at once. Each call imports this module before it validates.
 */
export {
  chatSendRequest,
  chatStreamEvents,
  historyResponse,
  quotaErrorResponse,
  rewriteRequest,
  rewriteResponse,
  uploadResponse,
} from '@studio/contracts';
