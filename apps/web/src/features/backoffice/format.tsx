import { Link, useLocation } from 'react-router';
import { formatInstant } from '@portal/domain/dates';

export const when = (iso: string) => <time dateTime={iso}>{formatInstant(iso)}</time>;

const LINKS = [
  { to: '/backoffice/fila', label: 'Minha fila' },
  { to: '/backoffice', label: 'Propostas' },
  { to: '/backoffice/proposals/new', label: 'Nova proposta' },
  { to: '/backoffice/audit', label: 'Auditoria' },
  { to: '/backoffice/outbox', label: 'E-mails' },
  { to: '/backoffice/jobs', label: 'Tarefas' },
  { to: '/backoffice/operators', label: 'Operadores' },
  { to: '/backoffice/monitoring', label: 'Monitoramento' },
];

/** The back office's own menu, under the navigation bar of every back-office screen. */
export function BackofficeMenu() {
  const { pathname } = useLocation();
  return (
    <nav className="bo-menu" aria-label="Menu da equipe do portal">
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
