import { describe, expect, it } from 'vitest';
import { completeCpf, formatCpf } from '@portal/domain/cpf';
import { DATABASES, clientFor, login, resetRateLimits } from './helpers';
import { newProposal, useBackofficeWorld } from './helpers/backoffice';

/** The operator opens a proposal: codes, invitations, refusals, existing buyers. */

const YEAR = new Date().getFullYear();

describe.each(DATABASES)('back office: new proposal on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, list, create, outbox } = w;

  describe('new proposal', () => {
    it('creates the proposal with the next code, invites each buyer by e-mail and records it', async () => {
      const input = newProposal({}, 2);
      const before = await list('q=&limit=5');
      const created = await create(input);
      expect(created.code).toMatch(new RegExp(`^PF-${YEAR}-\\d{6}$`));
      const second = await create(
        newProposal({
          type: 'cgi',
          financingOrCgiData: {
            ...input.financingOrCgiData,
            product: 'CGI — Crédito com garantia de imóvel',
            insuranceCompanyName: 'tokio',
          },
        }),
      );
      expect(second.code).toMatch(new RegExp(`^CGI-${YEAR}-\\d{6}$`));
      const third = await create(newProposal());
      expect(Number(third.code.slice(-6))).toBe(Number(created.code.slice(-6)) + 1);
      expect((await list('limit=5')).page.total).toBe(before.page.total + 3);

      const row = await w.t.db.kysely
        .selectFrom('proposals')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'filling',
        stage: 'registration',
        type: 'financing',
        insurer: 'itau',
        filling_status: 0,
      });
      expect(JSON.parse(row.financing)).toMatchObject({
        amount: 45_000_000,
        installments: 360,
        amortizationSystem: 'SAC',
      });
      expect(JSON.parse(row.property)).toEqual({
        type: 'residential',
        kind: 'apartment',
        zipCode: '01310100',
        uf: 'SP',
        city: 'São Paulo',
      });

      for (const [position, b] of input.buyers.entries()) {
        const member = await w.t.db.kysely
          .selectFrom('proposal_members')
          .selectAll()
          .where('proposal_id', '=', created.id)
          .where('position', '=', position)
          .executeTakeFirstOrThrow();
        expect(member).toMatchObject({ role: 'buyer', name: b.name, email: b.email, cpf: b.cpf.replace(/\D/g, '') });
        const user = await w.t.db.kysely
          .selectFrom('users')
          .selectAll()
          .where('id', '=', member.user_id!)
          .executeTakeFirstOrThrow();
        expect(user).toMatchObject({ role: 'buyer', password_hash: null });
        const mails = await outbox(b.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toContain(created.code);
        expect(mails[0]!.text_body).toMatch(/\/auth\/convite\?token=[\w-]{20,}/);
      }
      const audit = await w.t.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('subject', '=', `proposal:${created.id}`)
        .where('action', '=', 'proposal.created')
        .execute();
      expect(audit).toHaveLength(1);
      const history = await as.operador.get(`/api/v3/proposals/${created.id}/history`);
      expect(history.json().data.entries).toMatchObject([{ kind: 'created', label: 'Proposta criada' }]);
    });

    it('the invited buyer sets a password with the e-mailed link and sees the proposal', async () => {
      const input = newProposal();
      const created = await create(input);
      const link = (await outbox(input.buyers[0]!.email))[0]!.text_body.match(/token=([\w-]+)/)![1]!;
      const set = await as.anonymous.post('/api/v3/auth/change-password', {
        pass: 'Senha1234',
        repeat: 'Senha1234',
        token: link,
      });
      expect(set.statusCode, set.body).toBe(200);
      await resetRateLimits(w.t);
      const cookie = await login(w.t.app, input.buyers[0]!.email, 'buyer', 'Senha1234');
      const mine = await clientFor(w.t, cookie).get('/api/v3/proposals');
      expect(mine.json().data.map((p: { code: string }) => p.code)).toEqual([created.code]);
    });

    it('refuses invalid data with Portuguese field messages and creates nothing', async () => {
      const count = async () =>
        Number(
          (
            await w.t.db.kysely
              .selectFrom('proposals')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const bad = newProposal();
      const res = await as.operador.post('/api/v3/backoffice/proposals', {
        ...bad,
        buyers: [{ ...bad.buyers[0], cpf: '123.456.789-00' }],
        financingOrCgiData: { ...bad.financingOrCgiData, installments: '500', amortizationSystem: 'XYZ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({
        'buyers.0.cpf': 'Insira um CPF válido',
        'financingOrCgiData.installments': 'Insira um número inteiro de 1 a 420',
        'financingOrCgiData.amortizationSystem': 'Selecione uma opção',
      });
      const extra = await as.operador.post('/api/v3/backoffice/proposals', {
        ...newProposal(),
        status: 'approved',
      });
      expect(extra.statusCode).toBe(400);
      // A seller's e-mail cannot become a buyer's; a known CPF must come with its own e-mail.
      const seller = await as.operador.post(
        '/api/v3/backoffice/proposals',
        newProposal({
          buyers: [{ name: 'Roberto Lima', cpf: formatCpf(completeCpf('111444777')), email: 'vendedor@demo.com.br' }],
        }),
      );
      expect(seller.json().error.fields).toEqual({
        'buyers.0.email': 'Este e-mail já é usado por uma conta de vendedor ou de operador',
      });
      const cpfTaken = await as.operador.post(
        '/api/v3/backoffice/proposals',
        newProposal({ buyers: [{ name: 'Carlos Souza', cpf: '529.982.247-25', email: 'outro.email@exemplo.com.br' }] }),
      );
      expect(cpfTaken.json().error.fields).toEqual({
        'buyers.0.email': 'Este CPF já tem conta com outro e-mail: use o e-mail cadastrado',
      });
      expect(await count()).toBe(before);
    });

    it('an existing buyer is linked, not duplicated, and told by e-mail', async () => {
      const created = await create(
        newProposal({
          buyers: [{ name: 'Carlos Eduardo Souza', cpf: '529.982.247-25', email: 'comprador@demo.com.br' }],
        }),
      );
      const mine = await as.comprador.get('/api/v3/proposals');
      expect(mine.json().data.map((p: { code: string }) => p.code)).toContain(created.code);
      const mail = (await outbox('comprador@demo.com.br')).at(-1)!;
      expect(mail.text_body).not.toContain('token=');
    });
  });
});
