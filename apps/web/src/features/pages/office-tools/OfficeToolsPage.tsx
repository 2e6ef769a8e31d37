import { ServiceOverview } from '../services/ServiceOverview';

export function OfficeToolsPage() {
  return <ServiceOverview service="officeTools" />;
}
