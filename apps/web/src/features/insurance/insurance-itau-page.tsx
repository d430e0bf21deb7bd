import { InsurerPage } from './insurer-page';

/** /buyer/insurance-itau (docs/product/health-declaration.md: insurer-specific page). */
export default function InsuranceItauPage() {
  return <InsurerPage insurer="itau" />;
}
