import { HEALTH_QUESTION_COUNT } from './health-questions';

/**
 * The navigation bar's back button on the insurance pages (docs/product/health-declaration.md, "The back button") and the
 * question counter it drives (client state countQuestion: starts at -1, below 0 means
 * not in the questionnaire). Question N of /buyer/seguradora/perguntas/N is countQuestion N - 1.
 */

/** The insurance pages: /buyer/insurance, /buyer/insurance-itau|-tokio, /buyer/seguradora and its children. */
export function isInsurancePath(pathname: string): boolean {
  return /^\/buyer\/(insurance(-[a-z]+)?|seguradora)(\/.*)?$/.test(pathname);
}

export const QUESTIONNAIRE_ENTRY = '/buyer/seguradora/empresa';
export const QUESTIONNAIRE_END = '/buyer/seguradora/proposta';
export const questionPath = (position: number) => `/buyer/seguradora/perguntas/${position}`;

export type BackAction =
  { kind: 'navigate'; to: string } | { kind: 'history' } | { kind: 'question'; countQuestion: number };

/**
 * The rule, in the order of docs/product/health-declaration.md: a buyer query parameter other than 0 goes to that buyer's
 * document registration; otherwise a counter below 0 or at/after the number of questions goes
 * back one page in history; otherwise the counter goes down by one. An absent or non-numeric
 * parameter reads as 0 ("not a buyer", docs/product/health-declaration.md).
 */
export function insuranceBackAction(args: {
  buyerParam: string | null;
  countQuestion: number;
  totalQuestions?: number;
}): BackAction {
  const total = args.totalQuestions ?? HEALTH_QUESTION_COUNT;
  const raw = args.buyerParam?.trim() ?? '';
  const buyer = raw === '' ? 0 : Number(raw);
  if (Number.isFinite(buyer) && buyer !== 0)
    return { kind: 'navigate', to: `/buyer/document-registration?buyer=${encodeURIComponent(raw)}` };
  if (args.countQuestion < 0 || args.countQuestion >= total) return { kind: 'history' };
  return { kind: 'question', countQuestion: args.countQuestion - 1 };
}

/** The screen that shows a counter value: the questionnaire's entry before it, the question, or its end. */
export function screenForCount(countQuestion: number, totalQuestions: number = HEALTH_QUESTION_COUNT): string {
  if (countQuestion < 0) return QUESTIONNAIRE_ENTRY;
  if (countQuestion >= totalQuestions) return QUESTIONNAIRE_END;
  return questionPath(countQuestion + 1);
}

/** The counter for the question position of a URL (1..16), or -1 when it is not a question. */
export function countForQuestion(position: number, totalQuestions: number = HEALTH_QUESTION_COUNT): number {
  return Number.isInteger(position) && position >= 1 && position <= totalQuestions ? position - 1 : -1;
}
