import type { SectionSummary } from './sections-api';
import { buildFlow, stepUrl, type FlowStep } from './buyer-flow';

/** The first step of the flow the user can still act on (rejected first, then not done). */
export function nextStep(sections: SectionSummary[], buyers: number): { step: FlowStep; url: string } | null {
  const flow = buildFlow(buyers);
  const find = (s: FlowStep) => sections.find((x) => x.key === s.section && x.buyer === s.buyer);
  const pick =
    flow.find((s) => find(s)?.status === 'rejected' && find(s)?.canEdit) ??
    flow.find((s) => find(s) && find(s)!.status !== 'done' && find(s)!.canEdit);
  return pick ? { step: pick, url: stepUrl(pick) } : null;
}
