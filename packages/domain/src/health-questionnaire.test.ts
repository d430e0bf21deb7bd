import { describe, expect, it } from 'vitest';
import {
  canonicalAnswer,
  findHealthQuestion,
  firstUnanswered,
  HEALTH_CONSENT_VERSION,
  HEALTH_QUESTION_COUNT,
  HEALTH_QUESTIONS,
  HEALTH_TOOLTIP,
  healthAnswerBodySchema,
  healthConsentText,
  insurerDeclaration,
} from './health-questionnaire';

describe('the health questionnaire (docs/product/health-declaration.md)', () => {
  it('has the 16 keys of docs/product/health-declaration.md, in order, numbered 1 to 16', () => {
    expect(HEALTH_QUESTION_COUNT).toBe(16);
    expect(HEALTH_QUESTIONS.map((x) => [x.id, x.key])).toEqual([
      [1, 'disabilityRetired'],
      [2, 'healthHistory'],
      [3, 'leukemia'],
      [4, 'bloodDiseases'],
      [5, 'cancerWithChemotherapy'],
      [6, 'cancerWithoutChemotherapy'],
      [7, 'hiv'],
      [8, 'hepatitisC'],
      [9, 'hepatitisB'],
      [10, 'heartDiseases'],
      [11, 'mentalNeurologicalDisorders'],
      [12, 'organRemoval'],
      [13, 'arterialHypertension'],
      [14, 'respiratoryDiseases'],
      [15, 'diabetes'],
      [16, 'cholesterol'],
    ]);
  });

  it('puts items 1–2 in Perguntas Gerais and the rest in Doenças', () => {
    expect(HEALTH_QUESTIONS.filter((x) => x.section === 'Perguntas Gerais').map((x) => x.id)).toEqual([1, 2]);
    expect(HEALTH_QUESTIONS.filter((x) => x.section === 'Doenças').map((x) => x.id)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
  });

  it('gives follow-ups to items 3–16, tooltips to 11, 13, 15, 16 and sublabels to 10 and 14', () => {
    expect(HEALTH_QUESTIONS.filter((x) => x.hasFollowUps).map((x) => x.id)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    expect(HEALTH_QUESTIONS.filter((x) => 'tooltip' in x).map((x) => x.id)).toEqual([11, 13, 15, 16]);
    expect(HEALTH_TOOLTIP).toMatch(/positivas.*laudos.*exames/);
    expect(HEALTH_QUESTIONS.filter((x) => 'sublabel' in x).map((x) => x.id)).toEqual([10, 14]);
    for (const x of HEALTH_QUESTIONS) expect(x.label).toMatch(/^[A-ZÀ-Ú].+ você .+\?$|^Você .+\?$/);
  });

  it('finds a question by position or key', () => {
    expect(findHealthQuestion(7)?.key).toBe('hiv');
    expect(findHealthQuestion('diabetes')?.id).toBe(15);
    expect(findHealthQuestion(17)).toBeUndefined();
  });
});

describe('answers', () => {
  const q = (id: number) => findHealthQuestion(id)!;

  it('asks the follow-ups after a yes to items 3–16 only', () => {
    expect(canonicalAnswer(q(10), { value: 'yes' })).toEqual({
      fields: { medication: 'Obrigatório', treatment: 'Obrigatório' },
    });
    expect(canonicalAnswer(q(10), { value: 'yes', medication: 'yes', treatment: 'no' })).toEqual({
      answer: { key: 'heartDiseases', value: 'yes', medication: 'yes', treatment: 'no' },
    });
    expect(canonicalAnswer(q(1), { value: 'yes', medication: 'yes', treatment: 'yes' })).toEqual({
      answer: { key: 'disabilityRetired', value: 'yes' },
    });
  });

  it('drops follow-ups of a no (nothing is kept that was not asked)', () => {
    expect(canonicalAnswer(q(15), { value: 'no', medication: 'yes' })).toEqual({
      answer: { key: 'diabetes', value: 'no' },
    });
  });

  it('accepts yes/no only, and no other keys', () => {
    expect(healthAnswerBodySchema.safeParse({ value: 'maybe' }).error?.issues[0]?.message).toBe('Responda Sim ou Não');
    expect(healthAnswerBodySchema.safeParse({ value: 'no', note: 'x' }).success).toBe(false);
  });

  it('knows the first unanswered question', () => {
    expect(firstUnanswered([])).toBe(1);
    expect(firstUnanswered(['disabilityRetired', 'healthHistory', 'hiv'])).toBe(3);
    expect(firstUnanswered(HEALTH_QUESTIONS.map((x) => x.key))).toBeNull();
  });
});

describe('the consent text (LGPD art. 11, I)', () => {
  it.each([
    ['itau', 'Itaú Seguros'],
    ['tokio', 'Tokio Marine'],
  ] as const)('says what is collected, why, and that %s receives it', (insurer, name) => {
    const text = healthConsentText(insurer);
    const all = text.items.join(' ');
    expect(all).toContain('O que coletamos');
    expect(all).toContain('Para quê');
    expect(all).toContain(`Quem recebe: a seguradora ${name}`);
    expect(all).toContain('revogar');
    expect(text.checkbox).toContain(name);
    expect(HEALTH_CONSENT_VERSION).toMatch(/^dps-/);
  });
});

describe("the declaration the buyer confirms, in each insurer's words", () => {
  it('Itaú: truthful answers, the loss of the indemnity, and the check with doctors', () => {
    expect(insurerDeclaration('itau')).toEqual({
      version: 'itau-dps-2026-01',
      text: 'Declaro que as respostas desta Declaração Pessoal de Saúde são verdadeiras e completas e que estou ciente de que omitir ou alterar informações pode levar à perda do direito à indenização do seguro habitacional Itaú Seguros (Código Civil, art. 766). Autorizo a Itaú Seguros a confirmar estas informações com médicos, hospitais e laboratórios, se necessário.',
    });
  });
  it('Tokio Marine: its own wording and version', () => {
    expect(insurerDeclaration('tokio')).toEqual({
      version: 'tokio-dps-2026-01',
      text: 'Declaro, para fins do seguro habitacional da Tokio Marine, que as informações prestadas nesta Declaração Pessoal de Saúde são verdadeiras e completas, e que sei que declarações inexatas ou omissões podem me fazer perder o direito à indenização (Código Civil, art. 766). A Tokio Marine poderá pedir laudos ou exames para concluir a análise.',
    });
  });
  it('the consent names the insurer in the checkbox the buyer ticks', () => {
    const text = healthConsentText('tokio');
    expect(text.title).toBe('Consentimento para o tratamento dos seus dados de saúde');
    expect(text.checkbox).toBe(
      'Autorizo, de forma específica e destacada, o tratamento dos meus dados de saúde para a finalidade acima e o seu envio à seguradora Tokio Marine (LGPD, art. 11, I).',
    );
    expect(text.items).toHaveLength(5);
  });
});
