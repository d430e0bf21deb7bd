import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/document-registration?buyer=N: the identity document (docs/product/routes-and-guards.md, docs/product/forms.md). */
export default function DocumentRegistrationPage() {
  return <BuyerSectionScreen sectionKey="document" />;
}
