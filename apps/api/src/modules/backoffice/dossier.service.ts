import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { DOCUMENT_ITEMS, isDocumentItemKey } from '@portal/domain/documents';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { createDocumentsRepository } from '../documents/documents.repository';
import type { ObjectStorage } from '../documents/storage';
import type { FinancingService } from '../financing/financing.service';
import type { BackofficeService } from './backoffice.service';
import { buildDossierZip, type DossierDocument } from './dossier';
import { sectionTitle } from '@portal/domain/sections-registry';

/** The dossier for the bank: the summary PDF and the accepted documents in one ZIP, its export logged. */
export function createDossierService(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  backoffice: BackofficeService;
  financing: FinancingService;
}) {
  const documentFiles = createDocumentsRepository(deps.db);
  return {
    async exportDossier(operator: SessionUser, proposalId: string, ip: string | null) {
      const view = await deps.backoffice.getProposal(operator, proposalId, ip);
      const documents: DossierDocument[] = (await documentFiles.findAcceptedFiles(proposalId)).map((f) => ({
        item: f.item,
        title: isDocumentItemKey(f.item) ? DOCUMENT_ITEMS[f.item].title : f.item,
        mime: f.mime,
        name: f.name,
        open: async () => (await deps.storage.read(f.storage_key)).body,
      }));
      const zip = await buildDossierZip({
        proposal: view.proposal,
        members: view.members,
        sections: view.sections
          .filter((s) => s.required || s.values)
          .map((s) => ({
            title: sectionTitle(s.key, s.buyer, view.proposal.customers.length),
            buyer: s.buyer,
            status: s.status,
            values: s.values,
          })),
        history: view.history,
        documents,
        generatedBy: operator.name,
        generatedAt: new Date(),
        financing: await deps.financing.view(operator, proposalId),
      });
      await recordAudit(deps.db, {
        actorId: operator.id,
        action: 'proposal.dossier_exported',
        subject: `proposal:${proposalId}`,
        ip,
        detail: `${zip.entries.length} arquivos`,
      });
      return zip;
    },
  };
}
export type DossierService = ReturnType<typeof createDossierService>;
