import { Card } from '@studio/ui';
import { useBiometricAccount } from '../../hooks/useBiometricAccount';
import { useBiometricSupport } from '../../hooks/useBiometricSupport';
import { BiometricDevices } from '../BiometricDevices';

export interface BiometricDevicesSectionProps {
  userId: string;
}

/** /profile's "Biometric devices" section: the signed-in user's device manager on a card. */
export function BiometricDevicesSection({ userId }: BiometricDevicesSectionProps) {
  const account = useBiometricAccount(userId);
  const support = useBiometricSupport();
  return (
    <Card>
      <BiometricDevices account={account} support={support} headingLevel={2} />
    </Card>
  );
}
