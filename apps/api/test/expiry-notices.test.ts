import { describe, expect, it } from 'vitest';
import { formatInstantDate } from '@portal/domain/dates';
import { DEFAULT_REMINDER_SETTINGS } from '@portal/domain/reminders';
import { DATABASES, clientFor, insertDocumentFile, sessionSetCookie } from './helpers';
import { newProposal, useBackofficeWorld } from './helpers/backoffice';
import { runExpiryNoticeSweep } from '../src/modules/reminders/expiry-notices';

/**
 * The notice that a sent document is about to age past its validity (docs/product/reminders.md),
 * with an injected clock. A proof of address is valid 90 days (from its issue date when given, else
 * from its sending); the notice goes 10 days before it ends.
 */
const H = 3_600_000;
const D = 24 * H;
/** São Paulo's wall clock (UTC−3 all year), `days` after the day of `from` there, at `hour`:00. */
const sp = (from: number, days: number, hour: number) => {
  const local = new Date(from - 3 * H);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour + 3);
};
const isoDay = (at: number) => new Date(at - 3 * H).toISOString().slice(0, 10);
const ITEM = 'proof_of_address_buyer1';
const TITLE = 'Comprovante de residência — comprador principal';

describe.each(DATABASES)('document expiry notices on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const sweep = (now: number) =>
    runExpiryNoticeSweep({
      db: w.t.db.kysely,
      now,
      settings: DEFAULT_REMINDER_SETTINGS,
      noticeDays: 10,
      publicUrl: 'http://localhost:3000',
    });
  const notices = async (email: string) => (await w.outbox(email)).filter((m) => m.kind === 'document_expiry');

  /** A proposal whose invited buyer joined (an account of their own). */
  async function joinedBuyer() {
    const input = newProposal();
    const created = await w.create(input);
    const buyer = input.buyers[0]!;
    const invite = (await w.outbox(buyer.email))[0]!;
    const token = /\/auth\/convite\?token=([\w-]+)/.exec(invite.text_body)![1]!;
    const joined = await w.as.anonymous.post('/api/v3/auth/invitation', {
      token,
      pass: 'Primeira2026',
      repeat: 'Primeira2026',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const client = clientFor(w.t, sessionSetCookie(joined)!.split(';')[0]!);
    const userId = (await client.get('/api/v3/auth/user')).json().data.id as string;
    return { created, buyer, userId };
  }

  it('tells the sender once, 10 days before the end, never at night, with the date and a link to send a new copy; a new copy gets its own', async () => {
    const { created, buyer, userId } = await joinedBuyer();
    const a = Date.now();
    const db = w.t.db.kysely;
    await insertDocumentFile(db, { proposalId: created.id, item: ITEM, status: 'accepted', userId, now: a });
    const ends = a + 90 * D;

    await sweep(sp(a, 79, 10));
    await sweep(sp(a, 80, 22));
    expect(await notices(buyer.email)).toHaveLength(0);
    await sweep(sp(a, 81, 8));
    const [mail, ...more] = await notices(buyer.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Proposta ${created.code}: ${TITLE} vence em ${formatInstantDate(ends)}`);
    expect(mail!.text_body).toContain(`O documento "${TITLE}" enviado para a proposta ${created.code} vence em`);
    expect(mail!.text_body).toContain('por 90 dias a partir da data de emissão');
    expect(mail!.text_body).toContain(`http://localhost:3000/buyer/documents/upload?proposta=${created.id}`);
    expect(mail!.text_body).toMatch(/Não quero mais lembretes: http:\/\/localhost:3000\/auth\/lembretes\?token=/);

    await sweep(sp(a, 82, 10));
    await sweep(sp(a, 95, 10));
    expect(await notices(buyer.email)).toHaveLength(1);

    // A new copy, sent on day 85, ends on day 175: its own notice from day 165.
    await insertDocumentFile(db, {
      proposalId: created.id,
      item: ITEM,
      status: 'accepted',
      userId,
      now: sp(a, 85, 10),
      id: `${created.id}-copy-2`,
    });
    await sweep(sp(a, 164, 10));
    expect(await notices(buyer.email)).toHaveLength(1);
    await sweep(sp(a, 166, 10));
    expect(await notices(buyer.email)).toHaveLength(2);
  });

  it('counts from the issue date and says when it already ended; two sweeps at once send one e-mail', async () => {
    const { created, buyer, userId } = await joinedBuyer();
    const now = Date.now();
    const issued = isoDay(now - 85 * D);
    await insertDocumentFile(w.t.db.kysely, {
      proposalId: created.id,
      item: ITEM,
      status: 'sent',
      userId,
      now,
      issuedOn: issued,
    });
    const at = sp(now, 1, 10);
    await Promise.all([sweep(at), sweep(at)]);
    const sent = await notices(buyer.email);
    expect(sent).toHaveLength(1);
    const ends = Date.parse(`${issued}T00:00:00-03:00`) + 90 * D;
    expect(sent[0]!.subject).toBe(`Proposta ${created.code}: ${TITLE} vence em ${formatInstantDate(ends)}`);
    // Another one, already past its validity when first seen.
    const other = await joinedBuyer();
    await insertDocumentFile(w.t.db.kysely, {
      proposalId: other.created.id,
      item: ITEM,
      status: 'accepted',
      userId: other.userId,
      now: now - 95 * D,
    });
    await sweep(at);
    const late = await notices(other.buyer.email);
    expect(late.map((m) => m.subject)).toEqual([
      `Proposta ${other.created.code}: ${TITLE} venceu em ${formatInstantDate(now - 5 * D)}`,
    ]);
  });

  it('none to a person who said "Não quero mais lembretes", on a proposal turned off, once it is closed, or for a document that does not age', async () => {
    const db = w.t.db.kysely;
    const now = Date.now();
    const old = now - 85 * D;
    const optedOut = await joinedBuyer();
    await db.insertInto('reminder_opt_outs').values({ user_id: optedOut.userId, at: now }).execute();
    const off = await joinedBuyer();
    const turnedOff = await w.as.operador.put(`/api/v3/backoffice/proposals/${off.created.id}/reminders`, {
      enabled: false,
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const closed = await joinedBuyer();
    await db.updateTable('proposals').set({ status: 'approved' }).where('id', '=', closed.created.id).execute();
    const notAging = await joinedBuyer();
    for (const p of [optedOut, off, closed])
      await insertDocumentFile(db, {
        proposalId: p.created.id,
        item: ITEM,
        status: 'accepted',
        userId: p.userId,
        now: old,
      });
    await insertDocumentFile(db, {
      proposalId: notAging.created.id,
      item: 'income_tax_buyer1',
      status: 'accepted',
      userId: notAging.userId,
      now: now - 400 * D,
    });
    await sweep(sp(now, 1, 10));
    for (const p of [optedOut, off, closed, notAging]) expect(await notices(p.buyer.email)).toEqual([]);
  });
});
