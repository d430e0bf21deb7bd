import { describe, expect, it } from 'vitest';
import { DATABASES, clientFor, createUser, DEMO_PROPOSALS, login, resetRateLimits } from './helpers';
import { unzipNames, useBackofficeWorld } from './helpers/backoffice';

/** The operators and their permissions, then the audit log, the outbox and the dossier. */

describe.each(DATABASES)('back office: operators, audit log, outbox and dossier on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, ids, outbox } = w;

  describe('operators', () => {
    it('an operator creates an operator, who sets a password by e-mail and logs in; nobody else can create one', async () => {
      const email = `nova.operadora.${dialect}@portal.com.br`;
      for (const client of [as.anonymous, as.comprador, as.vendedor]) {
        const res = await client.post('/api/v3/operators', { name: 'Nova Operadora', email });
        expect(res.statusCode).toBe(client.cookie ? 403 : 401);
      }
      expect(
        await w.t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
      const res = await as.operador.post('/api/v3/operators', {
        name: 'Nova Operadora',
        email,
        canViewHealth: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ email, canViewHealth: true, active: false });
      const again = await as.operador.post('/api/v3/operators', { name: 'Nova Operadora', email });
      expect(again.json().error).toMatchObject({
        code: 'email_taken',
        fields: { email: 'Este e-mail já tem uma conta no portal' },
      });

      const token = (await outbox(email))[0]!.text_body.match(/token=([\w-]+)/)![1]!;
      expect(
        (
          await as.anonymous.post('/api/v3/auth/change-password', {
            pass: 'Operar2026',
            repeat: 'Operar2026',
            token,
          })
        ).statusCode,
      ).toBe(200);
      await resetRateLimits(w.t);
      const cookie = await login(w.t.app, email, 'operator', 'Operar2026');
      expect((await clientFor(w.t, cookie).get('/api/v3/backoffice/proposals?limit=5')).statusCode).toBe(200);
      const listed = (await clientFor(w.t, cookie).get('/api/v3/operators')).json().data;
      expect(listed.find((o: { email: string }) => o.email === email)).toMatchObject({
        active: true,
        canViewHealth: true,
      });
    });

    it('only an operator who may read health data can grant it', async () => {
      const plain = await as.operador.post('/api/v3/operators', {
        name: 'Operador Simples',
        email: `simples.${dialect}@portal.com.br`,
      });
      const token = (await outbox(`simples.${dialect}@portal.com.br`))[0]!.text_body.match(/token=([\w-]+)/)![1]!;
      await as.anonymous.post('/api/v3/auth/change-password', {
        pass: 'Simples2026',
        repeat: 'Simples2026',
        token,
      });
      await resetRateLimits(w.t);
      const cookie = await login(w.t.app, `simples.${dialect}@portal.com.br`, 'operator', 'Simples2026');
      const grant = await clientFor(w.t, cookie).post('/api/v3/operators', {
        name: 'Outro Operador',
        email: `outro.op.${dialect}@portal.com.br`,
        canViewHealth: true,
      });
      expect(grant.statusCode).toBe(403);
      expect(grant.json().error.message).toBe('Você só pode conceder permissões que você mesmo tem.');
      expect(
        (await clientFor(w.t, cookie).patch(`/api/v3/operators/${plain.json().data.id}`, { canViewHealth: true }))
          .statusCode,
      ).toBe(403);
      expect(
        (await as.operador.patch(`/api/v3/operators/${plain.json().data.id}`, { canViewHealth: true })).statusCode,
      ).toBe(200);
      const view = (await clientFor(w.t, cookie).get(`/api/v3/backoffice/proposals/${ids.first}`)).json().data;
      expect(view.canViewHealth).toBe(true);
    });
  });

  describe('audit log, outbox and dossier', () => {
    it('records every read of a proposal and filters the log by proposal, action and actor', async () => {
      await as.operador.get(`/api/v3/backoffice/proposals/${ids.outro}`);
      const res = await as.operador.get(
        `/api/v3/backoffice/audit?proposal=${DEMO_PROPOSALS.othersProposal}&action=proposal.read`,
      );
      expect(res.statusCode).toBe(200);
      const entries = res.json().data;
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(entries[0]).toMatchObject({
        action: 'proposal.read',
        proposalCode: DEMO_PROPOSALS.othersProposal,
        actor: { email: 'operador@demo.com.br', role: 'operator' },
      });
      const byActor = (await as.operador.get('/api/v3/backoffice/audit?actor=comprador@demo.com.br&limit=100')).json()
        .data;
      expect(byActor.length).toBeGreaterThan(0);
      expect(byActor.every((e: { actor: { email: string } }) => e.actor.email === 'comprador@demo.com.br')).toBe(true);
      // Keyset pages of the log do not overlap.
      const p1 = (await as.operador.get('/api/v3/backoffice/audit?limit=5')).json();
      const p2 = (await as.operador.get(`/api/v3/backoffice/audit?limit=5&cursor=${p1.page.next}`)).json();
      expect(p2.data.some((e: { id: string }) => p1.data.some((f: { id: string }) => f.id === e.id))).toBe(false);
    });

    it('records every read of health data, and every refused attempt, in the audit log the operator browses', async () => {
      const read = await as.operador.get(`/api/v3/proposals/${ids.first}/insurance/answers?buyer=0`);
      expect(read.statusCode, read.body).toBe(200);
      const reads = (
        await as.operador.get(`/api/v3/backoffice/audit?action=health.read&proposal=${DEMO_PROPOSALS.twoBuyers}`)
      ).json().data;
      expect(reads[0]).toMatchObject({
        action: 'health.read',
        proposalCode: DEMO_PROPOSALS.twoBuyers,
        actor: { email: 'operador@demo.com.br' },
      });

      const plain = await createUser(w.t, { role: 'operator', name: 'Operador Sem Saúde' });
      await resetRateLimits(w.t);
      const cookie = await login(w.t.app, plain.email, 'operator');
      expect(
        (await clientFor(w.t, cookie).get(`/api/v3/backoffice/proposals/${ids.first}`)).json().data.canViewHealth,
      ).toBe(false);
      const denied = await clientFor(w.t, cookie).get(`/api/v3/proposals/${ids.first}/insurance/answers?buyer=0`);
      expect(denied.statusCode).toBe(403);
      const refused = (
        await as.operador.get(
          `/api/v3/backoffice/audit?action=health.read_denied&actor=${encodeURIComponent(plain.email)}`,
        )
      ).json().data;
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ proposalCode: DEMO_PROPOSALS.twoBuyers, actor: { email: plain.email } });
    });

    it('lists the outbox with each e-mail’s state and never its body', async () => {
      await w.t.app.mailer.deliver();
      const res = await as.operador.get('/api/v3/backoffice/outbox?state=sent&limit=100');
      const data = res.json().data;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((m: { state: string; sentAt: string | null }) => m.state === 'sent' && m.sentAt)).toBe(true);
      expect(res.body).not.toContain('token=');
      const invites = (await as.operador.get('/api/v3/backoffice/outbox?kind=invite&limit=100')).json().data;
      expect(invites.every((m: { kind: string }) => m.kind === 'invite')).toBe(true);
    });

    it('exports the dossier as a ZIP with the PDF summary (and records it)', async () => {
      const res = await as.operador.get(`/api/v3/backoffice/proposals/${ids.first}/dossier`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="dossie-${DEMO_PROPOSALS.twoBuyers}.zip"`);
      const files = await unzipNames(res.rawPayload);
      const summary = files.get(`resumo-${DEMO_PROPOSALS.twoBuyers}.pdf`);
      expect(summary?.subarray(0, 5).toString()).toBe('%PDF-');
      const audit = await w.t.db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('subject', '=', `proposal:${ids.first}`)
        .where('action', '=', 'proposal.dossier_exported')
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(1);
    });
  });
});
