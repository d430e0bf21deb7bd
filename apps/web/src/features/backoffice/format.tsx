import { Tag } from 'antd';
import { Link, useLocation } from 'react-router';
import { STATUS_LABELS, type ProposalStatus } from '@portal/domain/proposal';
import { SECTION_STATUS_LABELS, type SectionStatus } from '@portal/domain/sections-registry';
import { formatInstant } from '@portal/domain/dates';

export const integer = new Intl.NumberFormat('pt-BR');
export const when = (iso: string) => <time dateTime={iso}>{formatInstant(iso)}</time>;

const STATUS_COLORS: Record<ProposalStatus, string> = {
  filling: 'default',
  under_review: 'geekblue',
  pending_correction: 'orange',
  sent_to_bank: 'blue',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};
export function StatusTag({ status }: { status: ProposalStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>;
}

const SECTION_COLORS: Record<SectionStatus, string> = {
  todo: 'default',
  in_progress: 'gold',
  done: 'green',
  rejected: 'red',
};
export function SectionTag({ status }: { status: SectionStatus }) {
  return <Tag color={SECTION_COLORS[status]}>{SECTION_STATUS_LABELS[status]}</Tag>;
}

const LINKS = [
  { to: '/backoffice', label: 'Propostas' },
  { to: '/backoffice/proposals/new', label: 'Nova proposta' },
  { to: '/backoffice/audit', label: 'Auditoria' },
  { to: '/backoffice/outbox', label: 'E-mails' },
  { to: '/backoffice/operators', label: 'Operadores' },
  { to: '/backoffice/monitoring', label: 'Monitoramento' },
];

/** The back office's own menu, under the navigation bar of every back-office screen. */
export function BackofficeMenu() {
  const { pathname } = useLocation();
  return (
    <nav className="bo-menu" aria-label="Backoffice">
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} aria-current={pathname === l.to ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const buyerLabel = (position: number) => (position === 0 ? 'Comprador principal' : 'Segundo comprador');
