import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/document-registration?buyer=N: the identity document (spec §2, §3). */
export default function DocumentRegistrationPage() {
  return <BuyerSectionScreen sectionKey="document" />;
}
