import { z } from 'zod';
import { INSURER_LABELS, INSURERS } from './proposal';
import { ANSWER_VALUES, HEALTH_QUESTIONS, type HealthQuestion } from './health-questions';

// The questions themselves are zod-free (health-questions.ts), so the navigation bar's question
// counter does not pull the schema library into the app shell.
export * from './health-questions';

/** One stored answer (docs/product/health-declaration.md: value, key and, for the questions that have them, medication and treatment). */
export interface HealthAnswer {
  key: string;
  value: 'yes' | 'no';
  medication?: 'yes' | 'no';
  treatment?: 'yes' | 'no';
}

const answerValue = z.enum(ANSWER_VALUES, { error: 'Responda Sim ou Não' });
/** The body of one answer as the browser sends it. Unknown keys are refused. */
export const healthAnswerBodySchema = z.strictObject({
  value: answerValue,
  medication: answerValue.optional(),
  treatment: answerValue.optional(),
});

/**
 * The canonical answer to one question: the follow-ups are required after a 'yes' to a question
 * that has them and are dropped otherwise (nothing is kept that was not asked).
 */
export function canonicalAnswer(
  question: HealthQuestion,
  body: z.infer<typeof healthAnswerBodySchema>,
): { answer: HealthAnswer } | { fields: Record<string, string> } {
  if (question.hasFollowUps && body.value === 'yes') {
    const fields: Record<string, string> = {};
    if (!body.medication) fields.medication = 'Obrigatório';
    if (!body.treatment) fields.treatment = 'Obrigatório';
    if (Object.keys(fields).length) return { fields };
    return { answer: { key: question.key, value: 'yes', medication: body.medication, treatment: body.treatment } };
  }
  return { answer: { key: question.key, value: body.value } };
}

/** The first question (1..16) without an answer, or null when all are answered. */
export function firstUnanswered(answered: readonly string[]): number | null {
  return HEALTH_QUESTIONS.find((x) => !answered.includes(x.key))?.id ?? null;
}

/**
 * The consent for the health data (LGPD art. 11, I: specific and highlighted, for a stated
 * purpose). Its version is stored with each consent; a change of text needs a new version.
 */
export const HEALTH_CONSENT_VERSION = 'dps-consentimento-2026-01';

export function healthConsentText(insurer: (typeof INSURERS)[number]) {
  const name = INSURER_LABELS[insurer];
  return {
    title: 'Consentimento para o tratamento dos seus dados de saúde',
    items: [
      `O que coletamos: as suas respostas às 16 perguntas da Declaração Pessoal de Saúde (DPS) — doenças, tratamentos, uso de medicamentos e acompanhamento médico. São dados pessoais sensíveis (LGPD, art. 5º, II).`,
      `Para quê: somente para a análise do risco e a contratação do seguro habitacional obrigatório (morte e invalidez permanente) ligado a esta proposta de financiamento.`,
      `Quem recebe: a seguradora ${name}, que faz essa análise. Ninguém mais recebe as suas respostas; a equipe do portal só as consulta para enviá-las à seguradora, e cada consulta fica registrada.`,
      `Como guardamos: as respostas ficam criptografadas e nunca são gravadas em registros (logs) do sistema.`,
      `Você pode revogar este consentimento quando quiser, na página do seguro. Ao revogar, as suas respostas são apagadas e não são mais tratadas; sem a declaração de saúde, a seguradora não pode aceitar o seguro, que é exigido para o financiamento.`,
    ],
    checkbox: `Autorizo, de forma específica e destacada, o tratamento dos meus dados de saúde para a finalidade acima e o seu envio à seguradora ${name} (LGPD, art. 11, I).`,
  };
}

export const CONSENT_REQUIRED_MESSAGE =
  'Para responder à declaração de saúde, dê primeiro o seu consentimento para o tratamento desses dados.';

/**
 * What the buyer declares when confirming, in each insurer's words (the insurer pages show it too).
 * The version is stored with the confirmation.
 */
export function insurerDeclaration(insurer: (typeof INSURERS)[number]) {
  const name = INSURER_LABELS[insurer];
  return {
    version: `${insurer}-dps-2026-01`,
    text:
      insurer === 'itau'
        ? `Declaro que as respostas desta Declaração Pessoal de Saúde são verdadeiras e completas e que estou ciente de que omitir ou alterar informações pode levar à perda do direito à indenização do seguro habitacional ${name} (Código Civil, art. 766). Autorizo a ${name} a confirmar estas informações com médicos, hospitais e laboratórios, se necessário.`
        : `Declaro, para fins do seguro habitacional da ${name}, que as informações prestadas nesta Declaração Pessoal de Saúde são verdadeiras e completas, e que sei que declarações inexatas ou omissões podem me fazer perder o direito à indenização (Código Civil, art. 766). A ${name} poderá pedir laudos ou exames para concluir a análise.`,
  };
}
