import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordingAnalytics } from '../../../lib/analytics';
import { localConfig } from '../../../mocks/handlers/config';
import { preferencesHandlers } from '../../../mocks/handlers/preferences';
import { signedInAuthService } from '../../../mocks/auth';
import { createMemoryStore, storageKeys } from '../../../lib/storage';
import { server } from '../../../test/server';
import { renderInApp } from '../../../test/render';
import { usePreferences, type PreferencesContextValue } from '../hooks/usePreferences';

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
    renderInApp(<Probe />, { services: { auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toBe('en USD dark'));
  });

  it('loads the stored currency and theme', async () => {
    const store = createMemoryStore({ currency: 'EUR', theme: 'forest' });
    renderInApp(<Probe />, { services: { store, auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toBe('en EUR forest'));
  });

  it('falls back to USD from a stored currency it does not support (§5)', async () => {
    const store = createMemoryStore({ currency: 'JPY' });
    renderInApp(<Probe />, { services: { store, auth: signedInAuthService() } });
    await waitFor(() => expect(shown()).toBe('en USD dark'));
  });

  it('accepts only en and vi, saves the choice and reports language_change (§4, §5)', async () => {
    const store = createMemoryStore();
    const analytics = createRecordingAnalytics();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, analytics, auth: signedInAuthService() },
    });
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
    renderInApp(<Probe />, { services: { store, auth: signedInAuthService() } });
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
    renderInApp(<Probe />, { services: { store, auth: signedInAuthService() } });
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

  it('switches to Vietnamese for a visitor in Vietnam who never chose a language', async () => {
    const geolocation = vi.fn(async () => ({ country_code: 'VN' }));
    const analytics = createRecordingAnalytics();
    const store = createMemoryStore();
    const { i18n } = renderInApp(<Probe />, {
      services: { store, analytics, geolocation },
      config: { ...localConfig, geolocationServices: ['https://geo.test/json'] },
    });
    await waitFor(() => expect(i18n.language).toBe('vi'));
    expect(geolocation).toHaveBeenCalledWith('https://geo.test/json', expect.any(AbortSignal));
    // A suggestion, not a choice: nothing stored as the language, nothing reported.
    expect(store.get(storageKeys.language)).toBeNull();
    expect(analytics.events).toEqual([]);
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
