import type { RewriteInstruction, RewriteResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 POST /api/chat/rewrite: the text rewritten by one instruction ("Improve prompt"). */
export async function rewrite(
  text: string,
  instruction: RewriteInstruction,
  modelId: string | null,
  signal?: AbortSignal,
): Promise<RewriteResponse> {
  const { rewriteRequest, rewriteResponse } = await import('./schemas');
  const body = rewriteRequest.parse({ text, instruction, modelId });
  const { data } = await cookieClient.post<unknown>('/api/chat/rewrite', body, { signal });
  return rewriteResponse.parse(data);
}
