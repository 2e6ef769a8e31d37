import type { AuthConfig } from './auth-config.ts';
import type { CodesRepository } from './codes.repository.ts';
import type { PasswordResetsRepository } from './password-resets.repository.ts';
import type { RegistrationsRepository } from './registrations.repository.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/** Dead rows are kept this long after they died (a reused token still finds its family). */
const graceMs = 24 * 60 * 60 * 1000;

/**
 * Deletes what can never be used again: ended sessions (and their refresh tokens), expired
 * codes and reset links, forgotten registrations. Nothing here changes any live decision.
 */
export function createHousekeeping({
  sessions,
  codes,
  resets,
  registrations,
  auth,
  now,
}: {
  sessions: SessionsRepository;
  codes: CodesRepository;
  resets: PasswordResetsRepository;
  registrations: RegistrationsRepository;
  auth: AuthConfig;
  now: () => Date;
}) {
  return async function sweep(): Promise<void> {
    const time = now().getTime();
    const before = new Date(time - graceMs);
    await sessions.deleteDead(before, new Date(time - auth.sessionIdleSeconds * 1000 - graceMs));
    await codes.deleteExpired(before);
    await resets.deleteExpired(before);
    await registrations.deleteCreatedBefore(before);
  };
}
