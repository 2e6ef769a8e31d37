import { EventType, InteractionType, type EventMessage } from '@azure/msal-browser';
import { describe, expect, it } from 'vitest';
import type { SignInProgress } from '../../authService';
import { progressForEvent } from './progressForEvent';

function message(eventType: EventMessage['eventType'], interactionType: InteractionType | null) {
  return {
    eventType,
    interactionType,
    payload: null,
    error: null,
    correlationId: 'c',
    timestamp: 0,
  };
}

describe('§4 progress from MSAL events', () => {
  it.each<
    [EventMessage['eventType'], InteractionType | null, SignInProgress, SignInProgress | null]
  >([
    [EventType.HANDLE_REDIRECT_START, InteractionType.Redirect, 'startup', 'handleRedirect'],
    [EventType.HANDLE_REDIRECT_END, InteractionType.Redirect, 'handleRedirect', 'none'],
    [EventType.HANDLE_REDIRECT_END, InteractionType.Redirect, 'login', null],
    [EventType.LOGOUT_START, InteractionType.Redirect, 'none', 'logout'],
    [EventType.LOGOUT_END, InteractionType.Redirect, 'logout', 'none'],
    [EventType.LOGOUT_END, InteractionType.Redirect, 'acquireToken', null],
    [EventType.ACQUIRE_TOKEN_START, InteractionType.Popup, 'none', 'acquireToken'],
    [EventType.ACQUIRE_TOKEN_START, InteractionType.Redirect, 'none', 'acquireToken'],
    [EventType.ACQUIRE_TOKEN_START, InteractionType.Silent, 'none', 'ssoSilent'],
    [EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Popup, 'acquireToken', 'none'],
    [EventType.ACQUIRE_TOKEN_FAILURE, InteractionType.Popup, 'acquireToken', 'none'],
    [EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Silent, 'ssoSilent', 'none'],
    [EventType.ACQUIRE_TOKEN_FAILURE, InteractionType.Silent, 'ssoSilent', 'none'],
    [EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Silent, 'acquireToken', null],
    [EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Popup, 'handleRedirect', null],
    [EventType.INITIALIZE_START, null, 'startup', null],
    [EventType.LOGIN_SUCCESS, InteractionType.Redirect, 'handleRedirect', null],
  ])('%s (%s) from %s → %s', (type, interaction, current, next) => {
    expect(progressForEvent(message(type, interaction), current)).toBe(next);
  });
});
