/** A house with a warning sign: the error screen's image (docs/product/routes-and-guards.md). Inline SVG, no request. */
export function ErrorIllustration() {
  return (
    <svg
      className="error-illustration"
      viewBox="0 0 200 140"
      role="img"
      aria-label="Ilustração de uma casa com um sinal de alerta"
    >
      <rect x="0" y="120" width="200" height="4" fill="#d9d9d9" />
      <path d="M40 70 90 28l50 42v50H40z" fill="#ffffff" stroke="#0a1f44" strokeWidth="4" />
      <rect x="78" y="86" width="24" height="34" fill="#0a1f44" />
      <path d="M30 74 90 22l60 52" fill="none" stroke="#0a1f44" strokeWidth="6" />
      <path d="M150 56 178 108h-56z" fill="#b4f03a" stroke="#0a1f44" strokeWidth="4" strokeLinejoin="round" />
      <rect x="147" y="72" width="6" height="20" fill="#0a1f44" />
      <rect x="147" y="96" width="6" height="6" fill="#0a1f44" />
    </svg>
  );
}
