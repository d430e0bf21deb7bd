import { SectionForm } from './section-form';

/** /buyer/document-registration?buyer=N: the identity document (spec §2, §3). */
export default function DocumentRegistrationPage() {
  return <SectionForm sectionKey="document" />;
}
