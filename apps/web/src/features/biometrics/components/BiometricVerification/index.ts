export { BiometricVerification } from './BiometricVerification';
export type { BiometricVerificationProps } from './BiometricVerification';
