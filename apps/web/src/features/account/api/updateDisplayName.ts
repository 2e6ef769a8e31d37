import {
  updateProfileRequest,
  userProfile,
  type UpdateProfileRequest,
  type UserProfile,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** PATCH /api/userprofile {displayName}: the only field a user may change there. */
export async function updateDisplayName(displayName: string): Promise<UserProfile> {
  const body: UpdateProfileRequest = updateProfileRequest.parse({ displayName });
  const { data } = await cookieClient.patch<unknown>('/api/userprofile', body);
  return userProfile.parse(data);
}
