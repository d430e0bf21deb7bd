import { FGTS_STEPS, type FgtsEligibility, type FgtsSectionKey } from './fgts-sections';

/**
 * The FGTS utility routes (/buyer/fgts/utils) "read and save FGTS state"; they are not a
 * screen (docs/decisions/009-fgts-and-health-declaration.md). Saving is the FGTS sections' own
 * autosave and submit; reading is GET /proposals/:id/fgts, whose answer carries `resumePath`:
 * where the buyer's FGTS stands, as the screen to open. The web's /buyer/fgts/utils goes there.
 */
export function fgtsResumePath(state: {
  /** The buyer's position (0 main, 1 second); FGTS screens name it as ?buyer=1 or 2. */
  buyer: number;
  applicable: boolean;
  eligibility: FgtsEligibility;
  next: FgtsSectionKey | null;
  confirmed: boolean;
}): string {
  // A CGI takes no FGTS: back to the proposal's home.
  if (!state.applicable) return '/buyer/home';
  // Not answered yet, not using it, or not allowed: the questions, which say why.
  const who = `?buyer=${state.buyer + 1}`;
  if (state.eligibility.status !== 'eligible') return `/buyer/fgts/questions${who}&edit=1`;
  if (state.next) return `${FGTS_STEPS.find((s) => s.key === state.next)!.path}${who}`;
  // Everything confirmed: the filled-in forms to print and sign.
  return state.confirmed ? '/buyer/documents/fgts' : `/buyer/fgts/review${who}`;
}
