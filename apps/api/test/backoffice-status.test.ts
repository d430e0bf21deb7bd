import { describe, expect, it } from 'vitest';
import { DATABASES, DEMO_PROPOSALS } from './helpers';
import { newProposal, useBackofficeWorld } from './helpers/backoffice';

/** Status and stage changes, corrections asked of a party, and who sees which history entry. */

describe.each(DATABASES)('back office: status, stage and corrections on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, ids, create, outbox, statusOf } = w;

  describe('status and stage', () => {
    it('refuses a transition that is not an edge of the machine, in Portuguese, and changes nothing', async () => {
      const { id } = await create(newProposal());
      const res = await as.operador.post(`/api/v3/backoffice/proposals/${id}/status`, {
        status: 'sent_to_bank',
        reason: 'Pular a análise',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'invalid_transition',
        message: 'Não é possível passar a proposta de “Em preenchimento” para “Enviada ao banco”.',
      });
      expect(await statusOf(id)).toEqual({ status: 'filling', stage: 'registration' });
      const noReason = await as.operador.post(`/api/v3/backoffice/proposals/${id}/status`, {
        status: 'under_review',
        reason: ' ',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.fields.reason).toBe('Obrigatório');
    });

    it('walks the whole machine with who, when and why, and e-mails buyers only when something is asked of them', async () => {
      const input = newProposal();
      const { id } = await create(input);
      const email = input.buyers[0]!.email;
      const step = async (status: string, reason: string) => {
        const res = await as.operador.post(`/api/v3/backoffice/proposals/${id}/status`, { status, reason });
        expect([status, res.statusCode, res.body]).toEqual([status, 200, res.body]);
      };
      await step('under_review', 'Cadastro completo, em análise');
      expect(await outbox(email)).toHaveLength(1); // only the invitation
      await step('pending_correction', 'Envie o comprovante de renda atualizado');
      const mails = await outbox(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text_body).toContain('Envie o comprovante de renda atualizado');
      await step('under_review', 'Correção recebida');
      await step('sent_to_bank', 'Dossiê enviado ao banco');
      await step('approved', 'Crédito aprovado pelo banco');
      const final = await as.operador.post(`/api/v3/backoffice/proposals/${id}/status`, {
        status: 'cancelled',
        reason: 'Desistência',
      });
      expect(final.json().error.message).toBe('A proposta está “Aprovada” e não muda mais de situação.');

      const view = (await as.operador.get(`/api/v3/backoffice/proposals/${id}`)).json().data;
      expect(view.nextStatuses).toEqual([]);
      expect(view.history.map((h: { label: string }) => h.label)).toEqual([
        'Situação: Enviada ao banco → Aprovada',
        'Situação: Em análise → Enviada ao banco',
        'Situação: Correção pendente → Em análise',
        'Situação: Em análise → Correção pendente',
        'Situação: Em preenchimento → Em análise',
        'Proposta criada',
      ]);
      expect(view.history[0]).toMatchObject({
        reason: 'Crédito aprovado pelo banco',
        actor: 'Juliana Costa (Equipe do portal)',
      });
    });

    it('moves the stage one step at a time and asks the seller to receive the appraiser', async () => {
      const move = (stage: string) =>
        as.operador.post(`/api/v3/backoffice/proposals/${ids.cgi}/stage`, {
          stage,
          reason: 'Andamento do banco',
        });
      const jump = await move('contract');
      expect(jump.statusCode).toBe(409);
      expect(jump.json().error.message).toMatch(/^A etapa muda uma de cada vez/);
      const before = (await outbox('vendedor@demo.com.br')).length;
      expect((await move('appraisal')).statusCode).toBe(200);
      const mails = await outbox('vendedor@demo.com.br');
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)!.subject).toBe(`Proposta ${DEMO_PROPOSALS.underReview}: avaliação do imóvel`);
      expect((await statusOf(ids.cgi)).stage).toBe('appraisal');
    });
  });

  describe('corrections and history per party', () => {
    it('asks the buyer to correct a section: rejected with the note, proposal back to correction, e-mail, history', async () => {
      // The CGI proposal is under review; its main buyer's data section was sent.
      const res = await as.operador.post(`/api/v3/backoffice/proposals/${ids.cgi}/sections/data/correction`, {
        buyer: 0,
        note: 'A renda difere do holerite enviado',
      });
      expect(res.statusCode, res.body).toBe(200);
      const section = (await as.comprador.get(`/api/v3/proposals/${ids.cgi}/sections/data?buyer=0`)).json().data;
      expect(section).toMatchObject({
        status: 'rejected',
        reviewNote: 'A renda difere do holerite enviado',
        canEdit: true,
      });
      expect((await statusOf(ids.cgi)).status).toBe('pending_correction');
      const mail = (await outbox('comprador@demo.com.br')).at(-1)!;
      expect(mail.subject).toBe(`Proposta ${DEMO_PROPOSALS.underReview}: corrija “Dados gerais”`);
      expect(mail.text_body).toContain('A renda difere do holerite enviado');

      // The buyer sees the correction and the status change; the seller only the status change.
      const buyer = (await as.comprador.get(`/api/v3/proposals/${ids.cgi}/history`)).json().data;
      expect(buyer).toMatchObject({ status: 'pending_correction', statusLabel: 'Correção pendente' });
      expect(buyer.entries.map((e: { label: string }) => e.label)).toEqual(
        expect.arrayContaining(['Correção pedida: Dados gerais', 'Situação: Em análise → Correção pendente']),
      );
      expect(buyer.entries.every((e: { actor: string }) => e.actor === 'Equipe do portal')).toBe(true);
      const seller = (await as.vendedor.get(`/api/v3/proposals/${ids.cgi}/history`)).json().data;
      expect(seller.entries.some((e: { kind: string }) => e.kind === 'correction')).toBe(false);
      expect(
        seller.entries.some((e: { label: string }) => e.label === 'Situação: Em análise → Correção pendente'),
      ).toBe(true);
      // Nothing of the note the team wrote to the buyer reaches the seller, not even in the status change.
      const sellerText = JSON.stringify(seller);
      expect(sellerText).not.toContain('A renda difere do holerite enviado');
      expect(JSON.stringify(buyer)).toContain('A renda difere do holerite enviado');
    });

    it('gives the team’s words with a status or stage change only to the party they are written to', async () => {
      const { id } = await create(newProposal());
      const post = (what: 'status' | 'stage', body: object) =>
        as.operador.post(`/api/v3/backoffice/proposals/${id}/${what}`, body);
      expect((await post('status', { status: 'under_review', reason: 'Cadastro completo' })).statusCode).toBe(200);
      expect(
        (await post('status', { status: 'pending_correction', reason: 'renda informal — confirmar extratos' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await post('stage', { stage: 'credit_analysis', reason: 'Crédito em análise no banco' })).statusCode,
      ).toBe(200);
      const operator = (await as.operador.get(`/api/v3/backoffice/proposals/${id}`)).json().data;
      const notes = operator.history.map((h: { reason: string | null }) => h.reason);
      expect(notes).toEqual(
        expect.arrayContaining(['renda informal — confirmar extratos', 'Crédito em análise no banco']),
      );
      // Operators can tell the party's moves from their own: the parties' edges are not theirs.
      const notMine = await post('status', { status: 'correction_answered', reason: 'Respondida por telefone' });
      expect(notMine.statusCode).toBe(409);
      expect(notMine.json().error.message).toContain('quando os compradores ou o vendedor enviam a parte deles');
    });

    it('refuses corrections of unknown or unsent sections, and on proposals that moved on', async () => {
      const url = (key: string) => `/api/v3/backoffice/proposals/${ids.started}/sections/${key}/correction`;
      expect((await as.operador.post(url('nao-existe'), { note: 'Corrija isto' })).statusCode).toBe(404);
      expect((await as.operador.post(url('data'), { note: 'Corrija isto' })).statusCode).toBe(404); // buyer missing
      expect((await as.operador.post(url('data'), { buyer: 1, note: 'Corrija isto' })).statusCode).toBe(404); // one buyer only
      const unsent = await as.operador.post(url('investment'), { note: 'Corrija isto' });
      expect(unsent.json().error).toMatchObject({
        code: 'section_not_sent',
        message: 'Esta seção ainda não foi enviada: não há o que corrigir.',
      });
    });

    it('history: 401 without a session, 404 for someone else’s proposal', async () => {
      expect((await as.anonymous.get(`/api/v3/proposals/${ids.first}/history`)).statusCode).toBe(401);
      expect((await as.outro.get(`/api/v3/proposals/${ids.first}/history`)).statusCode).toBe(404);
      expect((await as.vendedor.get(`/api/v3/proposals/${ids.outro}/history`)).statusCode).toBe(404);
      expect((await as.compradora.get(`/api/v3/proposals/${ids.first}/history`)).statusCode).toBe(200);
    });
  });
});
