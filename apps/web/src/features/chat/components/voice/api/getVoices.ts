import { voicesResponse, type VoicesResponse } from '@studio/contracts';
import { apiClient } from '../../../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../../../lib/query';

/** GET /api/chat/voices: the voices spoken replies can use, and the default per language. */
export async function getVoices(signal?: AbortSignal): Promise<VoicesResponse> {
  const { data } = await apiClient.get<unknown>('/api/chat/voices', { signal });
  return voicesResponse.parse(data);
}

export const voicesQueryOptions = () => queryOptions({ queryKey: ['voices'], queryFn: getVoices });

export function useVoices() {
  return useQuery(voicesQueryOptions());
}
