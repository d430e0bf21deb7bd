/** LGPD self-service (arts. 18 and 11): export of one's data and a deletion request. */
export const DELETION_STATUSES = ['pending', 'completed'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];
export const DELETION_STATUS_LABELS: Record<DeletionStatus, string> = {
  pending: 'Pedido recebido: em análise pela equipe do portal',
  completed: 'Dados apagados',
};

/** What replaces a removed person's name everywhere it stood. */
export const REMOVED_NAME = 'Titular removido';
export const removedEmail = (id: string) => `removido-${id}@anonimo.invalid`;

export const PRIVACY_MESSAGES = {
  deletionRequested: 'Pedido de exclusão registrado. A equipe do portal vai concluí-lo e avisar você por e-mail.',
  deletionAlreadyPending: 'Você já tem um pedido de exclusão em andamento.',
  deletionCompleted: 'Exclusão concluída: os dados pessoais do titular foram apagados.',
} as const;
