import { useEffect, useRef, useState } from 'react';
import { isValidCep } from '@portal/domain/cep';
import { lookupCep } from '../../lib/sections-api';
import type { SectionExtension } from './section-form';
import { PlainAlert } from '../plain-alert';

/**
 * For any address form with the fields cep, district, city, state and a street field (`address` by
 * default): fills them from the CEP when the CEP service answers; otherwise says so and the person
 * types them (the fields stay editable either way). Returns the notice to show, if any.
 */
export function useCepLookup(
  { values, setValue, editable }: Parameters<NonNullable<SectionExtension['useOnValues']>>[0],
  streetField = 'address',
) {
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
        setValue(streetField, found.address);
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
  }, [cep, editable, setValue, streetField]);
  return notice ? (
    <div aria-live="polite">
      <PlainAlert type={notice.type} title={notice.text} className="form-alert" />
    </div>
  ) : null;
}

export const cepLookupExtension: SectionExtension = { useOnValues: useCepLookup };
