/** The one support address every page and policy names. */
export const supportEmail = 'support@aistudio.example';

/** Dates the policies take effect (ISO, formatted per language when shown). */
export const policyEffectiveDate = '2026-11-01';
