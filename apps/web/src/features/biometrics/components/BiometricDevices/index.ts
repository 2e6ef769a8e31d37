export { BiometricDevices } from './BiometricDevices';
export type { BiometricDevicesProps } from './BiometricDevices';
