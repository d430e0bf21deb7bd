import { decideAnalytics, type PublicSettings } from '@portal/domain/monitoring';
import { setAnalyticsScriptSrc } from './analytics-src';

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };

export { analyticsScriptSrc } from './analytics-src';

/**
 * Session-recording/heatmap analytics (docs/product/monitoring.md), Clarity-style: the vendor's script loads only
 * when enabled and given a project id; enabled without an id logs that the id is not set. The
 * script's origin is in the CSP only when the server is configured the same way.
 */
export function loadAnalytics(settings: PublicSettings): void {
  const decision = decideAnalytics(settings);
  if (decision.kind === 'missing-id') console.error(decision.message);
  if (decision.kind !== 'load') return;
  const w = window as unknown as { clarity?: Queue };
  // The vendor's queue stub (its usual inline snippet, which our CSP would refuse): calls made
  // before the script arrives are kept for it.
  w.clarity ??= Object.assign((...args: unknown[]) => (w.clarity!.q ??= []).push(args), { q: [] as unknown[][] });
  setAnalyticsScriptSrc(new URL(decision.src, window.location.href).href);
  const script = document.createElement('script');
  script.async = true;
  script.src = decision.src;
  script.addEventListener('error', () => console.error(`Analytics: could not load ${decision.src}`));
  document.head.appendChild(script);
}
