import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { isValidCep } from '@portal/domain/cep';
import { lookupCep } from '../../lib/sections-api';
import type { SectionExtension } from '../../components/section-form/section-form';
import { BuyerSectionScreen } from './buyer-section-screen';

/**
 * Fills street, district, city and state from the CEP when the CEP service answers; otherwise
 * says so and the buyer types them (the fields stay editable either way).
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
        setValue('address', found.address);
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
  return notice ? (
    <div aria-live="polite">
      <Alert type={notice.type} showIcon title={notice.text} className="form-alert" />
    </div>
  ) : null;
}

const extension: SectionExtension = { useOnValues: useCepLookup };

/** /buyer/address?buyer=N: the buyer's address (spec §3). */
export default function AddressPage() {
  return <BuyerSectionScreen sectionKey="address" extension={extension} />;
}
