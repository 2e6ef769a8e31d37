import {
  deleteAccountRequest,
  updateCurrencyRequest,
  updateLanguageRequest,
  updatePreferencesRequest,
  updateProfileRequest,
  type ErrorResponse,
  type UserPreferences,
  type UserPreferencesResponse,
  type UserProfile,
} from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { sampleUser } from '../auth';

/**
 * The signed-in user's profile and server-saved preferences (§3, §7) as MSW handlers, validated
 * with the API's contracts. They stand in for a signed-in session: the default variants do not
 * ask for a bearer token (`profileUnauthorized` shows the 401). Stateless on purpose: each answer
 * starts from the sample user, so no test or story leaks into the next.
 */

const validationFailed = 'Validation error. Please check your input.';
const serverError = 'Server error. Please try again later.';

function invalid(error: z.ZodError) {
  return HttpResponse.json<ErrorResponse>(
    { message: validationFailed, errors: error.issues.map((issue) => issue.message) },
    { status: 400 },
  );
}

const failWith = (message: string, status: number) =>
  HttpResponse.json<ErrorResponse>({ message }, { status });

const paths = {
  profile: '*/api/userprofile',
  profilePreferences: '*/api/userprofile/preferences',
  preferences: '*/api/userpreferences',
  language: '*/api/userpreferences/language',
  currency: '*/api/userpreferences/currency',
} as const;

function languageAndCurrency({ language, currency }: UserPreferences): UserPreferencesResponse {
  return { language, currency };
}

export const profileHandlers = {
  profile: http.get<never, never, UserProfile>(paths.profile, () => HttpResponse.json(sampleUser)),
  profileUnauthorized: http.get(paths.profile, () =>
    failWith('Authentication required. Please log in.', 401),
  ),

  /** Only the display name may change; anything else is refused (strict contract). */
  updateProfile: http.patch<
    never,
    z.input<typeof updateProfileRequest>,
    UserProfile | ErrorResponse
  >(paths.profile, async ({ request }) => {
    const body = updateProfileRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error);
    return HttpResponse.json({ ...sampleUser, displayName: body.data.displayName });
  }),
  updateProfileFailure: http.patch(paths.profile, () => failWith(serverError, 500)),
  updateProfilePending: http.patch(paths.profile, async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 504 });
  }),

  /** Needs the body {confirm: 'DELETE'}. */
  deleteAccount: http.delete<never, z.input<typeof deleteAccountRequest>, ErrorResponse>(
    paths.profile,
    async ({ request }) => {
      const body = deleteAccountRequest.safeParse(await request.json().catch(() => null));
      if (!body.success) return invalid(body.error);
      return new HttpResponse(null, { status: 204 });
    },
  ),
  deleteAccountFailure: http.delete(paths.profile, () => failWith(serverError, 500)),

  updatePreferences: http.patch<
    never,
    z.input<typeof updatePreferencesRequest>,
    UserPreferences | ErrorResponse
  >(paths.profilePreferences, async ({ request }) => {
    const body = updatePreferencesRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error);
    return HttpResponse.json({ ...sampleUser.preferences, ...body.data });
  }),

  preferences: http.get<never, never, UserPreferencesResponse>(paths.preferences, () =>
    HttpResponse.json(languageAndCurrency(sampleUser.preferences)),
  ),
  /** A user who chose Vietnamese and đồng on another device. */
  preferencesVietnamese: http.get<never, never, UserPreferencesResponse>(paths.preferences, () =>
    HttpResponse.json({ language: 'vi', currency: 'VND' }),
  ),
  /** The sample user with Vietnamese saved (a Vietnamese story's signed-in user). */
  preferencesInVietnamese: http.get<never, never, UserPreferencesResponse>(paths.preferences, () =>
    HttpResponse.json({ ...languageAndCurrency(sampleUser.preferences), language: 'vi' }),
  ),
  preferencesFailure: http.get(paths.preferences, () => failWith(serverError, 500)),

  updateLanguage: http.put<
    never,
    z.input<typeof updateLanguageRequest>,
    UserPreferencesResponse | ErrorResponse
  >(paths.language, async ({ request }) => {
    const body = updateLanguageRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error);
    return HttpResponse.json({ ...languageAndCurrency(sampleUser.preferences), ...body.data });
  }),
  updateCurrency: http.put<
    never,
    z.input<typeof updateCurrencyRequest>,
    UserPreferencesResponse | ErrorResponse
  >(paths.currency, async ({ request }) => {
    const body = updateCurrencyRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error);
    return HttpResponse.json({ ...languageAndCurrency(sampleUser.preferences), ...body.data });
  }),
  /** Saving a preference fails (only logged, §8). */
  updatePreferenceFailure: [
    http.put(paths.language, () => failWith(serverError, 500)),
    http.put(paths.currency, () => failWith(serverError, 500)),
    http.patch(paths.profilePreferences, () => failWith(serverError, 500)),
  ],
};

/** The happy path of the profile and preference routes. */
export const defaultProfileHandlers = [
  profileHandlers.profile,
  profileHandlers.updateProfile,
  profileHandlers.deleteAccount,
  profileHandlers.updatePreferences,
  profileHandlers.preferences,
  profileHandlers.updateLanguage,
  profileHandlers.updateCurrency,
];
