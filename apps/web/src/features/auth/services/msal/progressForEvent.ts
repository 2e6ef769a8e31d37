import { EventType, InteractionType, type EventMessage } from '@azure/msal-browser';
import type { SignInProgress } from '../../authService';

const interactive = (message: EventMessage) =>
  message.interactionType === InteractionType.Redirect ||
  message.interactionType === InteractionType.Popup;
const silent = (message: EventMessage) => message.interactionType === InteractionType.Silent;

/**
 * §4 sign-in progress from MSAL's events, as msal-react reads them, plus silent token requests
 * as ssoSilent. An end event returns to none only from its own start state. Null: no change.
 */
export function progressForEvent(
  message: EventMessage,
  current: SignInProgress,
): SignInProgress | null {
  switch (message.eventType) {
    case EventType.HANDLE_REDIRECT_START:
      return 'handleRedirect';
    case EventType.HANDLE_REDIRECT_END:
      return current === 'handleRedirect' ? 'none' : null;
    case EventType.LOGOUT_START:
      return 'logout';
    case EventType.LOGOUT_END:
      return current === 'logout' ? 'none' : null;
    case EventType.ACQUIRE_TOKEN_START:
      if (interactive(message)) return 'acquireToken';
      return silent(message) ? 'ssoSilent' : null;
    case EventType.ACQUIRE_TOKEN_SUCCESS:
    case EventType.ACQUIRE_TOKEN_FAILURE:
      if (interactive(message) && current === 'acquireToken') return 'none';
      return silent(message) && current === 'ssoSilent' ? 'none' : null;
    default:
      return null;
  }
}
