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
