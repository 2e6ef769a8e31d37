import {
  BIOMETRIC_MESSAGES,
  BIOMETRIC_UNSUPPORTED_HINT,
  biometricErrorCodes,
} from '@studio/contracts';
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { HttpFailure } from '../../lib/api/errorText';
import en from '../../../public/locales/en/biometrics.json';
import vi from '../../../public/locales/vi/biometrics.json';
import { BiometricFailure, biometricErrorOf } from './errors';

function answer(status: number, data: unknown): HttpFailure {
  return new HttpFailure({ status, data });
}

function domError(name: string): Error {
  const error = new Error(`${name} happened`);
  error.name = name;
  return error;
}

function webAuthnError(code: WebAuthnError['code'], causeName: string): WebAuthnError {
  return new WebAuthnError({ message: 'ceremony failed', code, cause: domError(causeName) });
}

describe('biometricErrorOf (§8)', () => {
  it('maps the WebAuthnError codes of @simplewebauthn/browser', () => {
    expect(
      biometricErrorOf(webAuthnError('ERROR_CEREMONY_ABORTED', 'AbortError'), 'authenticate'),
    ).toBe('cancelled');
    expect(
      biometricErrorOf(
        webAuthnError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError'),
        'register',
      ),
    ).toBe('alreadyRegistered');
    expect(
      biometricErrorOf(
        webAuthnError('ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG', 'NotSupportedError'),
        'register',
      ),
    ).toBe('authenticatorNotSupported');
    expect(
      biometricErrorOf(webAuthnError('ERROR_INVALID_DOMAIN', 'SecurityError'), 'register'),
    ).toBe('initError');
    expect(
      biometricErrorOf(webAuthnError('ERROR_INVALID_RP_ID', 'SecurityError'), 'authenticate'),
    ).toBe('initError');
    // NotAllowedError is passed through with a generic code: its name decides.
    expect(
      biometricErrorOf(
        webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'),
        'authenticate',
      ),
    ).toBe('cancelled');
  });

  it('maps the DOMException names a browser raises without the library', () => {
    expect(biometricErrorOf(domError('NotAllowedError'), 'register')).toBe('cancelled');
    expect(biometricErrorOf(domError('InvalidStateError'), 'register')).toBe('alreadyRegistered');
    expect(biometricErrorOf(domError('NotSupportedError'), 'register')).toBe(
      'authenticatorNotSupported',
    );
    expect(biometricErrorOf(domError('SecurityError'), 'authenticate')).toBe('initError');
  });

  it('says which step failed when nothing explains it', () => {
    expect(biometricErrorOf(domError('UnknownError'), 'register')).toBe('createFailed');
    expect(biometricErrorOf(new Error('Registration was not completed'), 'register')).toBe(
      'createFailed',
    );
    expect(biometricErrorOf(domError('UnknownError'), 'authenticate')).toBe('verificationFailed');
    expect(biometricErrorOf('strange', 'load')).toBe('initError');
    expect(
      biometricErrorOf(new Error('WebAuthn is not supported in this browser'), 'register'),
    ).toBe('notSupported');
  });

  it('maps API answers: 401, the code sent, no answer', () => {
    expect(biometricErrorOf(answer(401, { message: 'Authentication required' }), 'load')).toBe(
      'notAuthenticated',
    );
    expect(
      biometricErrorOf(
        answer(400, { success: false, errorMessage: 'x', error: 'sessionExpired' }),
        'authenticate',
      ),
    ).toBe('sessionExpired');
    expect(
      biometricErrorOf(answer(409, { message: 'x', error: 'alreadyRegistered' }), 'register'),
    ).toBe('alreadyRegistered');
    expect(
      biometricErrorOf(answer(409, { message: 'x', error: 'lastCredentialRequired' }), 'manage'),
    ).toBe('lastCredentialRequired');
    // An error the contracts do not list is not trusted as a code.
    expect(biometricErrorOf(answer(400, { message: 'x', error: 'Bad Request' }), 'register')).toBe(
      'createFailed',
    );
    const network = new HttpFailure('network');
    expect(biometricErrorOf(network, 'authenticate')).toBe('initError');
  });

  it('keeps the code of a failure already explained', () => {
    for (const code of biometricErrorCodes) {
      expect(biometricErrorOf(new BiometricFailure(code), 'register')).toBe(code);
    }
  });
});

describe('the §8 texts', () => {
  it('has every code in English (the contract wording) and in Vietnamese', () => {
    for (const code of biometricErrorCodes) {
      expect(en.errors[code]).toBe(BIOMETRIC_MESSAGES[code]);
      expect(vi.errors[code]).toMatch(/\S/);
      expect(vi.errors[code]).not.toBe(en.errors[code]);
    }
    expect(en.unsupportedHint).toBe(BIOMETRIC_UNSUPPORTED_HINT);
    expect(vi.unsupportedHint).not.toBe(BIOMETRIC_UNSUPPORTED_HINT);
  });
});
