export { BiometricDevicesSection } from './BiometricDevicesSection';
export type { BiometricDevicesSectionProps } from './BiometricDevicesSection';
