import { Link } from 'react-router';
import { LogoMark } from './logo-mark';

/** The portal's mark and name; links to / (docs/product/routes-and-guards.md). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" className={`logo${inverted ? ' logo--inverted' : ''}`} aria-label="Portal de Propostas — início">
      <LogoMark inverted={inverted} />
      <span>Portal de Propostas</span>
    </Link>
  );
}
