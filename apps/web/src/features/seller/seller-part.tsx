import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { stepCountLabel } from '@portal/domain/next-step';
import type { SellerPart } from '@portal/domain/seller-api';
import { useProgress } from '../../lib/progress-api';
import { SectionStatusTag } from '../../components/section-form/section-status';
import { SELLER_STEPS, sellerUrl } from '../../lib/seller-flow';
import { sectionAction } from '../../lib/vocabulary';
import { PlainProgress } from '../../components/plain-progress';

/** How far the seller's own part is: the seller's derived steps (forms, documents, completion) done. */
export function SellerPartProgress({ proposalId, part }: { proposalId: string; part: SellerPart }) {
  const seller = useProgress(proposalId).data?.seller;
  if (!seller) return <Skeleton active paragraph={false} />;
  const count = stepCountLabel(seller);
  return (
    <div className="filling">
      <span className="filling__label">
        {part.done ? (
          'Sua parte está concluída'
        ) : (
          <>
            Sua parte: <span className="filling__count">{count}</span> concluídas
          </>
        )}
      </span>
      <PlainProgress
        percent={seller.percent}
        strokeColor="#0a1f44"
        railColor="#e6e9ef"
        aria-label={`${count} concluídas`}
      />
    </div>
  );
}

/** Each step of the seller's part with its state and the way in (a correction's note shows under it). */
export function SellerSectionRows({
  proposalId,
  part,
  editable,
}: {
  proposalId: string;
  part: SellerPart;
  editable: boolean;
}) {
  const rows = SELLER_STEPS.map((step) => ({
    step,
    section: part.sections.find((s) => s.key === step.section),
  })).filter(
    (r): r is { step: (typeof SELLER_STEPS)[number]; section: SellerPart['sections'][number] } =>
      r.section !== undefined && r.section.required,
  );
  return (
    <ul className="section-rows">
      {rows.map(({ step, section }) => {
        const action = sectionAction({ editable, done: section.status === 'done' && !section.problem });
        return (
          <li key={step.section} className="section-rows__row">
            <span className="section-rows__title">
              {step.title}
              {section.problem && section.status === 'done' ? (
                <span className="section-rows__problem">{section.problem}</span>
              ) : null}
            </span>
            <SectionStatusTag status={section.status} />
            <Link
              to={sellerUrl(proposalId, step.path)}
              className="section-rows__link"
              aria-label={`${action} ${step.title}`}
            >
              {action}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
