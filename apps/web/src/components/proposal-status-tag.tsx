import { PlainTag, type TagColor } from './plain-tag';
import { STATUS_LABELS, type ProposalStatus } from '@portal/domain/proposal-values';

/** One colour per proposal status, the same on every screen of every party. */
const COLORS: Record<ProposalStatus, TagColor> = {
  filling: 'default',
  awaiting_seller: 'gold',
  under_review: 'geekblue',
  pending_correction: 'orange',
  correction_answered: 'blue',
  sent_to_bank: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

export function ProposalStatusTag({ status }: { status: ProposalStatus }) {
  return <PlainTag color={COLORS[status]}>{STATUS_LABELS[status]}</PlainTag>;
}
