import { ServiceOverview } from '../services/ServiceOverview';

export function AnimePage() {
  return <ServiceOverview service="anime" />;
}
