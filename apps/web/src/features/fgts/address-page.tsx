import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { formatCep, isValidCep } from '@portal/domain/cep';
import type { SectionExtension } from '../../components/section-form/section-form';
import { lookupCep } from '../../lib/sections-api';
import { readSelectedProposal } from '../../lib/storage';
import { useProposal } from '../proposals/api';
import { FgtsStepScreen } from './fgts-step-screen';

/**
 * Fills street, district, city and state from the property's CEP when the CEP service answers;
 * otherwise says so and the buyer types them.
 */
function useCepLookup({ values, setValue, editable }: Parameters<NonNullable<SectionExtension['useOnValues']>>[0]) {
  const cep = String(values.cep ?? '');
  const last = useRef(cep);
  const [notice, setNotice] = useState<{ type: 'info' | 'warning'; text: string } | null>(null);
  useEffect(() => {
    if (!editable || cep === last.current) return;
    last.current = cep;
    if (cep.length !== 9 || !isValidCep(cep)) return;
    const abort = new AbortController();
    setNotice({ type: 'info', text: 'Buscando o endereço do CEP…' });
    lookupCep(cep, abort.signal)
      .then((found) => {
        setValue('street', found.address);
        setValue('district', found.district);
        setValue('city', found.city);
        setValue('state', found.state);
        setNotice(null);
      })
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        setNotice({ type: 'warning', text: err instanceof Error ? err.message : 'Preencha o endereço manualmente.' });
      });
    return () => abort.abort();
  }, [cep, editable, setValue]);
  return (
    <>
      <p className="muted">
        Informe o endereço do imóvel que será comprado com o FGTS, onde você trabalha e onde mora.
      </p>
      {notice ? (
        <div aria-live="polite">
          <Alert type={notice.type} showIcon title={notice.text} className="form-alert" />
        </div>
      ) : null}
    </>
  );
}

const extension: SectionExtension = { useOnValues: useCepLookup };

/** /buyer/fgts/address: the property's address, occupation and where the buyer lives (spec §3). */
export default function FgtsAddressPage() {
  const proposal = useProposal(readSelectedProposal());
  const property = proposal.data?.property;
  // The proposal already knows the property's CEP, city and state.
  const defaults = property ? { cep: formatCep(property.zipCode), city: property.city, state: property.uf } : undefined;
  return <FgtsStepScreen stepKey="fgts_address" extension={extension} defaults={defaults} />;
}
