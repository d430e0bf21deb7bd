import { SectionForm } from './section-form';

/** /buyer/seller-form: the property seller; sending it e-mails the seller an invitation. */
export default function SellerFormPage() {
  return <SectionForm sectionKey="seller" successMessage="Dados salvos. Enviamos ao vendedor um convite por e-mail." />;
}
