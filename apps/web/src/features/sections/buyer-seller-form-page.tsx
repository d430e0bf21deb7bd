import { BuyerSectionScreen } from './buyer-section-screen';

/** /buyer/seller-form: the property seller; sending it e-mails the seller an invitation. */
export default function SellerFormPage() {
  return (
    <BuyerSectionScreen
      sectionKey="seller"
      successMessage="Dados salvos. Enviamos ao vendedor um convite por e-mail."
    />
  );
}
