import { fgtsQuestionsSection } from './fgts-eligibility';
import { FGTS_STEPS, type FgtsStepKey } from './fgts-steps';
import {
  fgtsAddressSection,
  fgtsAuthorizationSection,
  fgtsCivilStatusSection,
  fgtsReviewSection,
  fgtsTaxSection,
} from './fgts-forms';

/**
 * FGTS (docs/product/fgts.md): a buyer who uses FGTS funds answers the eligibility questions,
 * then fills the property's address with where they work and live, the civil status, the income
 * tax, the authorization (PIS/PASEP, accounts, company) and confirms a review. Each step is a
 * section per buyer, so it is saved per buyer and per step by the generic sections API.
 */

export { YES_NO, YES_NO_LABELS, type YesNo } from './section-parts';
export * from './fgts-eligibility';
export * from './fgts-forms';

export const FGTS_SECTIONS = [
  fgtsQuestionsSection,
  fgtsAddressSection,
  fgtsCivilStatusSection,
  fgtsTaxSection,
  fgtsAuthorizationSection,
  fgtsReviewSection,
] as const;
export type FgtsSectionKey = (typeof FGTS_SECTIONS)[number]['key'];

export { FGTS_STEPS };

// The screens' order (fgts-steps.ts) names exactly the FGTS sections, no more and no fewer.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const stepsNameTheSections: SameKeys<FgtsStepKey, FgtsSectionKey> = true;
void stepsNameTheSections;

/** The FGTS forms after the eligibility questions: closed to a buyer who may not use FGTS. */
export const FGTS_FORM_KEYS: ReadonlySet<string> = new Set(FGTS_STEPS.slice(1).map((s) => s.key));

/** A step's state as the sections API reports it (status and when it was last submitted). */
export interface FgtsStepState {
  status: 'todo' | 'in_progress' | 'done' | 'rejected';
  submittedAt: string | null;
}

/**
 * Where a buyer resumes (the FGTS utility state): the first step after the eligibility
 * questions that is not done, the review when its confirmation is older than a later change, or
 * null when everything is confirmed. Only meaningful for an eligible buyer.
 */
export function nextFgtsStep(steps: Partial<Record<FgtsSectionKey, FgtsStepState>>): FgtsSectionKey | null {
  for (const step of FGTS_STEPS.slice(1, -1)) if (steps[step.key]?.status !== 'done') return step.key;
  return isFgtsConfirmed(steps) ? null : 'fgts_review';
}

/** The review is confirmed and no step was submitted again after it. */
export function isFgtsConfirmed(steps: Partial<Record<FgtsSectionKey, FgtsStepState>>): boolean {
  const review = steps.fgts_review;
  if (review?.status !== 'done' || !review.submittedAt) return false;
  const confirmedAt = Date.parse(review.submittedAt);
  return FGTS_STEPS.slice(0, -1).every(
    (s) => steps[s.key]?.status === 'done' && Date.parse(steps[s.key]!.submittedAt ?? '') <= confirmedAt,
  );
}
