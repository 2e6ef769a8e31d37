export { openGate, PaymentVerification } from './PaymentVerification';
export type { PaymentGate, PaymentVerificationProps } from './PaymentVerification';
