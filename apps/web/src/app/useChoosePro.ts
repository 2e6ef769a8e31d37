import { useNavigate } from 'react-router-dom';
import type { CheckoutChoice } from '../features/payments/checkout/checkout';
import { useUpgradeModal } from '../lib/upgradeModal';
import { paths } from '../lib/paths';

/**
 * What "Choose Pro", "Renew" and "Try again" do: open the shell's Pro modal at the plan step
 * with that period and GodMode; outside the shell (no modal to open) go to Plans & Pricing.
 */
export function useChoosePro(): (choice: CheckoutChoice) => void {
  const upgrade = useUpgradeModal();
  const navigate = useNavigate();
  return (choice) => {
    if (upgrade) upgrade.open({ step: 'plan', choice });
    else void navigate(paths.plans);
  };
}
