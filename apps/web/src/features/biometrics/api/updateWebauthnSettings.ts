import {
  webauthnSettingsResponse,
  type WebauthnSettingsRequest,
  type WebauthnSettingsResponse,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * PUT /api/webauthn/settings: "require biometric verification before payments". Turning it off
 * needs a fresh `manage` verification (403 verificationRequired otherwise).
 */
export async function updateWebauthnSettings(
  request: WebauthnSettingsRequest,
): Promise<WebauthnSettingsResponse> {
  const { data } = await cookieClient.put<unknown>('/api/webauthn/settings', request);
  return webauthnSettingsResponse.parse(data);
}
