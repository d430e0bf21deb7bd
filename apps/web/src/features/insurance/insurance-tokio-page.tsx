import { InsurerPage } from './insurer-page';

/** /buyer/insurance-tokio (docs/product/health-declaration.md: insurer-specific page). */
export default function InsuranceTokioPage() {
  return <InsurerPage insurer="tokio" />;
}
