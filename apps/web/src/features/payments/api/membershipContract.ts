/**
 * The membership answer's contract, a module of its own so that getMembership fetches it (and
 * zod with it) together with the answer: /plans reads the membership of someone signed in only,
 * and a visitor's first load of it does not carry the check.
 */
export { membershipResponse } from '@studio/contracts';
