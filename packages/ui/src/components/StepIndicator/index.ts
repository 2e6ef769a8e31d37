export { StepIndicator, stepStatuses } from './StepIndicator';
export type { Step, StepIndicatorProps, StepStatus } from './StepIndicator';
