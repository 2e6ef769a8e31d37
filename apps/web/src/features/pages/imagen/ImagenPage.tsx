import { ServiceOverview } from '../services/ServiceOverview';

export function ImagenPage() {
  return <ServiceOverview service="imagen" />;
}
