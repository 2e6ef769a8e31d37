import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';
import { hasAuthResponse } from './features/auth/services/authResponse';
import { browserLanguageSources, detectLanguage } from './lib/i18n/detectLanguage';
import { applyDocumentLanguage } from './lib/i18n/direction';
import { browserStore } from './lib/storage';

/**
 * The redirect bridge page's script (auth-callback.html), kept apart from the app so the
 * identity service's answer is handed over without loading the app: MSAL v5 sends redirect,
 * popup and iframe answers through this page.
 */
function showLanguage(): void {
  const language = detectLanguage(browserLanguageSources(browserStore)) ?? 'en';
  applyDocumentLanguage(language, document.documentElement);
  for (const element of document.querySelectorAll<HTMLElement>('[data-lang]')) {
    element.hidden = element.dataset.lang !== language;
  }
}

function showWayHome(): void {
  document.getElementById('working')?.setAttribute('hidden', '');
  document.getElementById('no-answer')?.removeAttribute('hidden');
}

showLanguage();
if (hasAuthResponse(window.location)) {
  broadcastResponseToMainFrame().catch((error: unknown) => {
    console.warn('The sign-in answer could not be handed over.', error);
    showWayHome();
  });
} else {
  showWayHome();
}
