import { InsurerPage } from './insurer-page';

/** /buyer/insurance-itau (spec §2: insurer-specific page). */
export default function InsuranceItauPage() {
  return <InsurerPage insurer="itau" />;
}
