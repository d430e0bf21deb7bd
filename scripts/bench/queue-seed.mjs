// The operators' queue's rows for the back-office bench's generated proposals (scripts/bench-backoffice.mjs),
// as the app keeps them (apps/api/src/modules/proposals/queue-waits.ts): a status waiting on the team,
// documents sent, an invitation late (some only later than the queue's instant), a document about to
// expire; a third of the waiting proposals has a responsible. Sets the proposals' owner and oldest wait.
const DAY = 86_400_000;

export function seedQueueWaits({ proposals, docs, rand, pick, operators, reasons }) {
  const waits = [];
  const withDocs = new Set(docs.map((d) => d.proposal_id));
  for (const p of proposals) {
    const mine = new Map();
    if (p.status === 'under_review') mine.set('under_review', p.updated_at);
    if (withDocs.has(p.id)) mine.set('documents_sent', p.updated_at);
    if (p.status === 'filling' && rand() < 0.15)
      mine.set('invitation_pending', p.created_at + Math.floor(rand() * 400) * DAY);
    if (['filling', 'under_review', 'pending_correction'].includes(p.status) && rand() < 0.1)
      mine.set('document_expiring', p.updated_at + Math.floor(rand() * 120) * DAY);
    if (!mine.size) continue;
    const owner = rand() < 0.33 ? pick(operators).id : null;
    let first = null;
    for (const reason of reasons) {
      const since = mine.get(reason);
      if (since === undefined) continue;
      waits.push({ proposal_id: p.id, reason, since, owner_id: owner });
      if (!first || since < first[1]) first = [reason, since];
    }
    Object.assign(p, {
      owner_id: owner,
      owner_since: owner ? p.updated_at : null,
      waiting_reason: first[0],
      waiting_since: first[1],
    });
  }
  return waits;
}
