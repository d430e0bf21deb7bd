import { z } from 'zod';
import { INSURER_LABELS, INSURERS } from './proposal';

/**
 * The insurer's health declaration (DPS, docs/product/health-declaration.md): 16
 * yes/no questions in two sections, in this order and with these keys. Items 3 to 16 ask two
 * follow-ups when answered yes; 11, 13, 15 and 16 carry a tooltip; 10 and 14 an example sublabel.
 */
export const HEALTH_SECTIONS = ['Perguntas Gerais', 'Doenças'] as const;
export type HealthSection = (typeof HEALTH_SECTIONS)[number];

export interface HealthQuestion {
  /** Position in the questionnaire, 1 to 16 (the {question} of /buyer/seguradora/perguntas/{question}). */
  id: number;
  key: string;
  label: string;
  section: HealthSection;
  hasFollowUps: boolean;
  tooltip?: string;
  sublabel?: string;
}

export const HEALTH_TOOLTIP =
  'Respostas positivas podem exigir laudos médicos ou exames complementares pedidos pela seguradora.';

const q = (id: number, key: string, label: string, extra: Partial<HealthQuestion> = {}): HealthQuestion => ({
  id,
  key,
  label,
  section: id <= 2 ? 'Perguntas Gerais' : 'Doenças',
  hasFollowUps: id >= 3,
  ...extra,
});

export const HEALTH_QUESTIONS = [
  q(
    1,
    'disabilityRetired',
    'Você está aposentado(a) por invalidez ou recebe algum benefício por incapacidade para o trabalho?',
  ),
  q(
    2,
    'healthHistory',
    'Nos últimos 5 anos, você ficou internado(a), fez cirurgia ou se afastou do trabalho por mais de 15 dias por motivo de saúde?',
  ),
  q(3, 'leukemia', 'Você tem ou já teve leucemia?'),
  q(4, 'bloodDiseases', 'Você tem ou já teve alguma doença do sangue, como anemia falciforme, hemofilia ou linfoma?'),
  q(5, 'cancerWithChemotherapy', 'Você tem ou já teve câncer tratado com quimioterapia ou radioterapia?'),
  q(
    6,
    'cancerWithoutChemotherapy',
    'Você tem ou já teve câncer tratado sem quimioterapia nem radioterapia (por exemplo, só com cirurgia)?',
  ),
  q(7, 'hiv', 'Você é portador(a) do vírus HIV?'),
  q(8, 'hepatitisC', 'Você tem ou já teve hepatite C?'),
  q(9, 'hepatitisB', 'Você tem ou já teve hepatite B?'),
  q(10, 'heartDiseases', 'Você tem ou já teve alguma doença do coração?', {
    sublabel:
      'Por exemplo: infarto, angina, insuficiência cardíaca, arritmia, doença das válvulas ou uso de marca-passo.',
  }),
  q(11, 'mentalNeurologicalDisorders', 'Você tem ou já teve algum transtorno mental ou doença neurológica?', {
    tooltip: HEALTH_TOOLTIP,
  }),
  q(
    12,
    'organRemoval',
    'Você já teve algum órgão retirado, total ou parcialmente, ou recebeu um transplante por causa de doença?',
  ),
  q(13, 'arterialHypertension', 'Você tem pressão alta (hipertensão arterial)?', { tooltip: HEALTH_TOOLTIP }),
  q(14, 'respiratoryDiseases', 'Você tem ou já teve alguma doença respiratória crônica?', {
    sublabel: 'Por exemplo: asma, bronquite crônica, enfisema pulmonar (DPOC) ou fibrose pulmonar.',
  }),
  q(15, 'diabetes', 'Você tem diabetes?', { tooltip: HEALTH_TOOLTIP }),
  q(16, 'cholesterol', 'Você tem colesterol ou triglicérides altos?', { tooltip: HEALTH_TOOLTIP }),
] as const satisfies readonly HealthQuestion[];

/** docs/product/health-declaration.md: 16 health questions. */
export const HEALTH_QUESTION_COUNT = HEALTH_QUESTIONS.length;
export type HealthQuestionKey = (typeof HEALTH_QUESTIONS)[number]['key'];

export const FOLLOW_UP_LABELS = {
  medication: 'Você faz uso de medicamentos para essa condição?',
  treatment: 'Você faz acompanhamento médico regular para essa condição?',
} as const;

export const ANSWER_VALUES = ['yes', 'no'] as const;
export const ANSWER_LABELS = { yes: 'Sim', no: 'Não' } as const;

export function findHealthQuestion(idOrKey: number | string): HealthQuestion | undefined {
  return HEALTH_QUESTIONS.find((x) => x.id === idOrKey || x.key === idOrKey);
}

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
