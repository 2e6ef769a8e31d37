import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordingAnalytics } from '../../../lib/analytics';
import { localConfig } from '../../../mocks/handlers/config';
import { preferencesHandlers } from '../../../mocks/handlers/preferences';
import type { UserProfile } from '@studio/contracts';
import { sampleUser, signedInAuthService } from '../../../mocks/auth';
import { profileHandlers } from '../../../mocks/handlers/profile';
import { createMemoryStore, storageKeys } from '../../../lib/storage';
import { server } from '../../../test/server';
import { renderInApp } from '../../../test/render';
import { usePreferences, type PreferencesContextValue } from '../../../lib/preferences';

const latest: { value?: PreferencesContextValue } = {};

/** Shows the preferences and hands the context to the test. */
function Probe() {
  const value = usePreferences();
  useEffect(() => {
    latest.value = value;
  });
  return (
    <p data-testid="preferences">
      {value.language} {value.currency} {value.theme}
    </p>
  );
}

function preferences(): PreferencesContextValue {
  if (!latest.value) throw new Error('The probe has not rendered yet.');
  return latest.value;
}

const shown = () => screen.getByTestId('preferences').textContent;

afterEach(() => vi.restoreAllMocks());

describe('PreferencesProvider', () => {
  it('starts from the defaults: en, USD, dark', async () => {
    renderInApp(<Probe />);
    await waitFor(() => expect(shown()).toBe('en USD dark'));
  });

  it('loads the stored currency and theme', async () => {
    const store = createMemoryStore({ currency: 'EUR', theme: 'forest' });
    renderInApp(<Probe />, { services: { store } });
    await waitFor(() => expect(shown()).toBe('en EUR forest'));
  });

  it('falls back to USD from a stored currency it does not support (§5)', async () => {
    const store = createMemoryStore({ currency: 'JPY' });
    renderInApp(<Probe />, { services: { store } });
    await waitFor(() => expect(shown()).toBe('en USD dark'));
  });

  it('accepts only en and vi, saves the choice and reports language_change (§4, §5)', async () => {
    const store = createMemoryStore();
    const analytics = createRecordingAnalytics();
    const { i18n } = renderInApp(<Probe />, { services: { store, analytics } });
    await screen.findByTestId('preferences');

    let accepted = true;
    act(() => {
      accepted = preferences().setLanguage('fr');
    });
    expect(accepted).toBe(false);
    expect(i18n.language).toBe('en');
    expect(store.get(storageKeys.language)).toBeNull();
    expect(analytics.events).toEqual([]);

    act(() => {
      accepted = preferences().setLanguage('vi');
    });
    expect(accepted).toBe(true);
    await waitFor(() => expect(shown()).toBe('vi USD dark'));
    expect(i18n.language).toBe('vi');
    expect(store.get(storageKeys.language)).toBe('vi');
    expect(analytics.events).toEqual([
      { name: 'language_change', properties: { from: 'en', to: 'vi' } },
    ]);
  });

  it('accepts only the seven currencies and saves the choice', async () => {
    const store = createMemoryStore();
    renderInApp(<Probe />, { services: { store } });
    await screen.findByTestId('preferences');
    act(() => {
      expect(preferences().setCurrency('JPY')).toBe(false);
    });
    expect(store.get(storageKeys.currency)).toBeNull();
    act(() => {
      expect(preferences().setCurrency('VND')).toBe(true);
    });
    await waitFor(() => expect(shown()).toBe('en VND dark'));
    expect(store.get(storageKeys.currency)).toBe('VND');
  });

  it('applies the chosen theme as data-theme on the document root and saves it (§3)', async () => {
    const store = createMemoryStore();
    renderInApp(<Probe />, { services: { store } });
    await screen.findByTestId('preferences');
    act(() => {
      expect(preferences().setTheme('neon')).toBe(false);
    });
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    act(() => {
      expect(preferences().setTheme('cherry')).toBe(true);
    });
    expect(document.documentElement).toHaveAttribute('data-theme', 'cherry');
    expect(store.get(storageKeys.theme)).toBe('cherry');
  });
});

/** The bodies of the signed-in preference saves, in order, as "METHOD path body". */
function recordSaves() {
  const saves: string[] = [];
  const record = async ({ request }: { request: Request }) => {
    saves.push(
      `${request.method} ${new URL(request.url).pathname} ${JSON.stringify(await request.clone().json())}`,
    );
  };
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') void record({ request });
  });
  return saves;
}

const forestUser: UserProfile = {
  ...sampleUser,
  preferences: { language: 'vi', currency: 'VND', theme: 'forest' },
};

describe('signed-in users: preferences saved on the server (§7)', () => {
  afterEach(() => server.events.removeAllListeners());

  it('loads the saved language and currency, and the profile theme, on sign-in', async () => {
    server.use(profileHandlers.preferencesVietnamese);
    const store = createMemoryStore({ language: 'en', currency: 'GBP', theme: 'light' });
    const analytics = createRecordingAnalytics();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, analytics, auth: signedInAuthService(forestUser) },
    });
    await waitFor(() => expect(shown()).toBe('vi VND forest'));
    expect(i18n.language).toBe('vi');
    expect(document.documentElement).toHaveAttribute('data-theme', 'forest');
    // Kept in this browser too, so the next start shows them before the server answers.
    expect(store.get(storageKeys.language)).toBe('vi');
    expect(store.get(storageKeys.currency)).toBe('VND');
    expect(store.get(storageKeys.theme)).toBe('forest');
    // Loading is not choosing: nothing reported, nothing saved back.
    expect(analytics.events).toEqual([]);
  });

  it('saves every change: language, currency and theme', async () => {
    const saves = recordSaves();
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toBe('en USD dark'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'dark'));
    act(() => {
      preferences().setLanguage('vi');
    });
    await waitFor(() => expect(shown()).toBe('vi USD dark'));
    act(() => {
      preferences().setCurrency('EUR');
    });
    act(() => {
      preferences().setTheme('cherry');
    });
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves).toEqual([
      'PUT /api/userpreferences/language {"language":"vi"}',
      'PUT /api/userpreferences/currency {"currency":"EUR"}',
      'PATCH /api/userprofile/preferences {"theme":"cherry"}',
    ]);
  });

  it('keeps a choice made while the saved preferences were loading', async () => {
    let answer: (() => void) | null = null;
    server.use(
      http.get('*/api/userpreferences', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ language: 'vi', currency: 'VND' });
      }),
    );
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    await screen.findByTestId('preferences');
    // The load has started (the user is signed in) and not finished.
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => {
      preferences().setCurrency('GBP');
    });
    act(() => answer?.());
    // The language was not touched, so the saved one arrives; the currency was chosen.
    await waitFor(() => expect(shown()).toBe('vi GBP dark'));
  });

  it('only logs load and save failures (§8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(profileHandlers.preferencesFailure, ...profileHandlers.updatePreferenceFailure);
    renderInApp(<Probe />, { services: { auth: signedInAuthService(forestUser) } });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Loading the saved preferences failed.', expect.anything()),
    );
    // The profile's theme does not need the failed call.
    await waitFor(() => expect(shown()).toBe('en USD forest'));
    act(() => {
      preferences().setCurrency('EUR');
    });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Saving the currency preference failed.',
        expect.anything(),
      ),
    );
    // The choice stands in this browser.
    expect(shown()).toBe('en EUR forest');
  });

  it('saves nothing to the server for an anonymous visitor', async () => {
    const saves = recordSaves();
    renderInApp(<Probe />, { services: { store: createMemoryStore({ currency: 'USD' }) } });
    await screen.findByTestId('preferences');
    act(() => {
      preferences().setLanguage('vi');
      preferences().setCurrency('EUR');
      preferences().setTheme('cherry');
    });
    await waitFor(() => expect(shown()).toBe('vi EUR cherry'));
    expect(saves).toEqual([]);
  });
});

describe('suggestions for anonymous visitors (§7)', () => {
  it('asks the API once for a currency, without saving it', async () => {
    const requests = vi.fn();
    server.use(preferencesHandlers.anonymousVietnam);
    server.events.on('request:start', ({ request }) => requests(new URL(request.url).pathname));
    const store = createMemoryStore();
    renderInApp(<Probe />, { services: { store } });
    await waitFor(() => expect(shown()).toBe('en VND dark'));
    expect(
      requests.mock.calls.filter(([path]) => path === '/api/userpreferences/anonymous'),
    ).toHaveLength(1);
    expect(store.get(storageKeys.currency)).toBeNull();
    server.events.removeAllListeners();
  });

  it('does not ask when a currency is stored', async () => {
    server.use(
      http.get('*/api/userpreferences/anonymous', () => {
        throw new Error('must not be called');
      }),
    );
    renderInApp(<Probe />, { services: { store: createMemoryStore({ currency: 'GBP' }) } });
    await waitFor(() => expect(shown()).toBe('en GBP dark'));
  });

  it('only logs a failure (§8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(preferencesHandlers.failure);
    renderInApp(<Probe />);
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Loading the suggested currency failed.',
        expect.anything(),
      ),
    );
    expect(shown()).toBe('en USD dark');
  });

  it('switches to Vietnamese for a visitor in Vietnam whose browser names no language we have', async () => {
    const geolocation = vi.fn(async () => ({ country_code: 'VN' }));
    const analytics = createRecordingAnalytics();
    const store = createMemoryStore();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, analytics, geolocation, browserLanguages: ['fr-FR'] },
      config: { ...localConfig, geolocationServices: ['https://geo.test/json'] },
    });
    await waitFor(() => expect(i18n.language).toBe('vi'));
    expect(geolocation).toHaveBeenCalledWith('https://geo.test/json', expect.any(AbortSignal));
    // A suggestion, not a choice: nothing stored as the language, nothing reported.
    expect(store.get(storageKeys.language)).toBeNull();
    expect(analytics.events).toEqual([]);
  });

  it('keeps the language an en-US browser names, even in Vietnam', async () => {
    const geolocation = vi.fn(async () => ({ country_code: 'VN' }));
    const store = createMemoryStore();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, geolocation, browserLanguages: ['en-US'] },
      config: { ...localConfig, geolocationServices: ['https://geo.test/json'] },
    });
    // Detection ran and answered (its answer is cached) but did not move the language.
    await waitFor(() => expect(store.get(storageKeys.country)).toContain('VN'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(i18n.language).toBe('en');
    expect(shown()).toBe('en USD dark');
  });

  it('keeps Vietnamese from a vi-VN browser when every geolocation service fails (US)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const geolocation = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = createMemoryStore();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, geolocation, browserLanguages: ['vi-VN'] },
      config: { ...localConfig, geolocationServices: ['https://geo.test/json'] },
      language: 'vi',
    });
    await waitFor(() => expect(store.get(storageKeys.country)).toContain('US'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(i18n.language).toBe('vi');
    expect(shown()).toBe('vi USD dark');
  });

  it('takes vi from "fr-FR, vi" whatever the country says', async () => {
    const geolocation = vi.fn(async () => ({ country_code: 'FR' }));
    const store = createMemoryStore();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, geolocation, browserLanguages: ['fr-FR', 'vi'] },
      config: { ...localConfig, geolocationServices: ['https://geo.test/json'] },
      language: 'vi',
    });
    await waitFor(() => expect(store.get(storageKeys.country)).toContain('FR'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(i18n.language).toBe('vi');
  });

  it('keeps a language the visitor chose before', async () => {
    const geolocation = vi.fn(async () => 'VN');
    renderInApp(<Probe />, {
      services: { store: createMemoryStore({ language: 'en' }), geolocation },
      config: { ...localConfig, geolocationServices: ['https://geo.test/json'] },
    });
    await waitFor(() => expect(shown()).toBe('en USD dark'));
    expect(geolocation).not.toHaveBeenCalled();
  });
});
