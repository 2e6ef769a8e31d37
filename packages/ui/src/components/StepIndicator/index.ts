export { resolveStepIndex, StepIndicator, stepStatus, stepStatuses } from './StepIndicator';
export type { Step, StepIndicatorProps, StepStatus } from './StepIndicator';
