import type { Insurer } from './api';

/** Each insurer's own page: what the insurance is, what the declaration is, what the buyer declares. */
export const INSURER_TEXTS: Record<
  Insurer,
  { title: string; company: string; intro: string[]; declarations: string[] }
> = {
  itau: {
    title: 'Seguro habitacional Itaú',
    company: 'Itaú Seguros S.A.',
    intro: [
      'Todo financiamento imobiliário tem um seguro habitacional obrigatório, pago junto com as parcelas. Nesta proposta, a seguradora é a Itaú Seguros.',
      'A cobertura MIP (morte e invalidez permanente) quita a parte do financiamento de um comprador em caso de morte ou invalidez permanente. A cobertura DFI protege o imóvel contra danos físicos, como incêndio e desmoronamento.',
      'Para aceitar a cobertura MIP, a Itaú Seguros pede a Declaração Pessoal de Saúde (DPS) de cada comprador: 16 perguntas de sim ou não sobre a sua saúde.',
    ],
    declarations: [
      'As respostas são pessoais: cada comprador responde a sua declaração, no próprio acesso.',
      'Respostas “Sim” não impedem o financiamento por si só: a Itaú Seguros pode pedir laudos ou exames para concluir a análise.',
      'Omitir ou alterar informações pode levar à perda do direito à indenização (Código Civil, art. 766).',
    ],
  },
  tokio: {
    title: 'Seguro habitacional Tokio Marine',
    company: 'Tokio Marine Seguradora S.A.',
    intro: [
      'O seguro habitacional é obrigatório no crédito imobiliário e acompanha o contrato até o fim. Nesta proposta, a seguradora é a Tokio Marine.',
      'Ele cobre morte e invalidez permanente (MIP) de cada comprador, na proporção da sua participação, e danos físicos ao imóvel (DFI).',
      'A Tokio Marine analisa o risco da cobertura MIP pela Declaração Pessoal de Saúde (DPS): 16 perguntas de sim ou não, respondidas por cada comprador.',
    ],
    declarations: [
      'A declaração é individual e só você pode respondê-la, no seu acesso ao portal.',
      'Se alguma resposta for “Sim”, a Tokio Marine pode solicitar relatórios médicos ou exames complementares.',
      'Informações inexatas ou omitidas podem fazer você perder o direito à indenização (Código Civil, art. 766).',
    ],
  },
};

export const STATUS_LABELS = {
  not_started: 'Não iniciada',
  in_progress: 'Em andamento',
  completed: 'Concluída',
} as const;
export const STATUS_COLORS = { not_started: 'default', in_progress: 'gold', completed: 'green' } as const;

export { formatInstant as formatDateTime } from '@portal/domain/dates';
