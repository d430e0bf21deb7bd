import { InsurerPage } from './insurer-page';

/** /buyer/insurance-tokio (spec §2: insurer-specific page). */
export default function InsuranceTokioPage() {
  return <InsurerPage insurer="tokio" />;
}
