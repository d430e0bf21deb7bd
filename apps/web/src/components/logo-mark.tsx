/** The portal's mark: a lime house on a navy (or white) square. */
export function LogoMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" fill={inverted ? '#ffffff' : '#0a1f44'} />
      <path d="M6 17 16 8l10 9v9H19v-6h-6v6H6z" fill="#b4f03a" />
    </svg>
  );
}
