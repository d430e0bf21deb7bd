import type { SessionUser } from '@portal/domain/auth';
import { notFound } from '../../errors';
import { type InsuranceContext } from './insurance-context';

/** Who read a buyer's health answers (the owner sees it; operators too). */
export function readHealthAccessLog(ctx: InsuranceContext) {
  const { repo, read, ownTarget } = ctx;
  return (user: SessionUser, proposalId: string, buyer: number | undefined) =>
    read(user, proposalId, async (loaded) => {
      const target =
        user.role === 'operator' ? loaded.buyers.find((b) => b.position === (buyer ?? 0)) : ownTarget(loaded, buyer);
      if (!target) throw notFound();
      const rows = await repo.findAccessLog(proposalId, target.position);
      return rows.map((r) => ({
        at: new Date(Number(r.at)).toISOString(),
        readerName: r.reader_name ?? 'Conta removida',
        readerRole: r.reader_role,
        action: r.action,
      }));
    });
}
