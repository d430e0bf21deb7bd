import { z } from 'zod';

/** The audit log: its actions in words, its query and its entries. */

/** Actions the audit log names, in words (the log keeps the code). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: 'Entrou no portal',
  'login.failed': 'Errou a senha ao entrar',
  'password.changed': 'Alterou a senha',
  'password.change_refused': 'Tentou trocar a senha com a senha atual errada',
  'password.recover_requested': 'Pediu recuperação de senha',
  'section.submitted': 'Enviou uma seção',
  'seller.completed': 'Vendedor concluiu sua parte',
  'monitoring.sample_rate': 'Mudou a amostragem do monitoramento',
  'proposal.created': 'Criou a proposta',
  'proposal.sent_for_analysis': 'Enviou a proposta para análise',
  'financing.values_saved': 'Salvou os valores do financiamento',
  'financing.settings_saved': 'Mudou as regras do financiamento',
  'privacy.exported': 'Baixou uma cópia dos seus dados',
  'privacy.deletion_requested': 'Pediu a exclusão dos seus dados',
  'privacy.deletion_completed': 'Teve os dados excluídos',
  'proposal.read': 'Abriu a proposta',
  'proposal.status_changed': 'Mudou a situação',
  'proposal.stage_changed': 'Mudou a etapa',
  'proposal.correction_requested': 'Pediu correção de seção',
  'proposal.dossier_exported': 'Exportou o dossiê',
  'note.created': 'Escreveu uma nota interna',
  'note.edited': 'Editou uma nota interna',
  'document.uploaded': 'Enviou um documento',
  'document.deleted': 'Apagou um documento',
  'document.accepted': 'Aceitou um documento',
  'document.rejected': 'Recusou um documento',
  'document.infected': 'Envio bloqueado pelo antivírus',
  'fgts.form_generated': 'Gerou formulário do FGTS',
  'health.consent_granted': 'Deu consentimento para dados de saúde',
  'health.consent_revoked': 'Revogou o consentimento de dados de saúde',
  'health.declaration_confirmed': 'Confirmou a declaração de saúde',
  'health.read': 'Leu a declaração de saúde',
  'health.read_denied': 'Tentou ler a declaração de saúde sem permissão',
  'operator.created': 'Criou um operador',
  'operator.permissions_changed': 'Mudou permissões de operador',
  'job.retried': 'Mandou uma tarefa em segundo plano tentar de novo',
};

export const auditQuerySchema = z.strictObject({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(60).optional(),
  /** A proposal code or id: entries about that proposal. */
  proposal: z.string().trim().max(64).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  action: z.string(),
  subject: z.string().nullable(),
  /** The proposal's code when the subject is a proposal. */
  proposalCode: z.string().nullable(),
  proposalId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
