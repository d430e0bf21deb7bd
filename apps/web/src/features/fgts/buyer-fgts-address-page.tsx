import { formatCep } from '@portal/domain/cep';
import type { SectionExtension } from '../../components/section-form/section-form';
import { useCepLookup } from '../../components/section-form/use-cep-lookup';
import { readSelectedProposal } from '../../lib/storage';
import { useProposal } from '../../lib/proposals-api';
import { FgtsStepScreen } from './fgts-step-screen';

/** The property's address, filled from its CEP when the CEP service answers (street field: `street`). */
function useFgtsAddress(args: Parameters<NonNullable<SectionExtension['useOnValues']>>[0]) {
  const notice = useCepLookup(args, 'street');
  return (
    <>
      <p className="muted">
        Informe o endereço do imóvel que será comprado com o FGTS, onde você trabalha e onde mora.
      </p>
      {notice}
    </>
  );
}

const extension: SectionExtension = { useOnValues: useFgtsAddress };

/** /buyer/fgts/address: the property's address, occupation and where the buyer lives (docs/product/fgts.md). */
export default function FgtsAddressPage() {
  const proposal = useProposal(readSelectedProposal());
  const property = proposal.data?.property;
  // The proposal already knows the property's CEP, city and state.
  const defaults = property ? { cep: formatCep(property.zipCode), city: property.city, state: property.uf } : undefined;
  return <FgtsStepScreen stepKey="fgts_address" extension={extension} defaults={defaults} />;
}
