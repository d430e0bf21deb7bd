import { FGTS_INELIGIBLE_NOTE, FGTS_INELIGIBLE_TITLE, type FgtsEligibility } from '@portal/domain/fgts-sections';
import { PlainAlert, type PlainAlertProps } from '../../components/plain-alert';

/** What the eligibility answers mean, in words: why FGTS cannot be used, or that it is not used. */
export function EligibilityNotice({
  eligibility,
  title = FGTS_INELIGIBLE_TITLE,
}: {
  eligibility: FgtsEligibility;
  /** The property's rules failed too (or alone): a title that does not blame the answers. */
  title?: string;
}) {
  const notice: PlainAlertProps | null =
    eligibility.status === 'ineligible'
      ? {
          type: 'warning',
          className: 'form-alert fgts-ineligible',
          title,
          description: (
            <>
              <ul className="fgts-ineligible__reasons">
                {eligibility.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
              <p>{FGTS_INELIGIBLE_NOTE}</p>
            </>
          ),
        }
      : eligibility.status === 'not_using'
        ? {
            type: 'info',
            className: 'form-alert',
            title: 'Sem FGTS nesta compra',
            description: 'Você informou que não vai usar o FGTS. Não há mais nada a preencher nesta parte.',
          }
        : null;
  if (!notice) return null;
  return (
    <div aria-live="polite">
      <PlainAlert {...notice} />
    </div>
  );
}
