import { Link } from 'react-router';

/** The portal's mark and name; links to / (docs/product/routes-and-guards.md). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className={`logo${inverted ? ' logo--inverted' : ''}`} aria-label="Portal de Propostas — início">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" fill={inverted ? '#ffffff' : '#0a1f44'} />
        <path d="M6 17 16 8l10 9v9H19v-6h-6v6H6z" fill="#b4f03a" />
      </svg>
      <span>Portal de Propostas</span>
    </Link>
  );
}
