import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  INVITATION_LINK,
  joinByInvitation,
  pathOf,
  PHONE,
  readOutbox,
  screenshot,
  select,
  signIn,
  useBrowser,
  waitForMailLink,
} from './fixtures';
import { buyerScreens, freshPerson, progressOf, sellerScreens, type Person } from './phone-walk';
import { auditScreen, type ScreenFinding } from './screen-audit';

const PASSWORD = 'TresPessoas2026';
const NOTE = 'renda informal — confirmar extratos';

/** An e-mail's quoted-printable body as text. */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * One proposal, three people, at 390 px (docs/decisions/042-one-lifecycle.md): an operator creates
 * it for a new buyer, who joins from the e-mail and finishes her part while the seller has not
 * started; her sending waits for the seller instead of locking him out; the seller joins, finishes,
 * and the proposal goes to the team; a correction is asked and answered. At every step the buyer's
 * home, the seller's list and the operator's proposal page show one and the same status, and the
 * seller never reads the note the team wrote to the buyer.
 */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The operator's "Nova proposta" on his phone, for one new buyer: the proposal's id and code. */
async function createOnScreen(op: Page, buyer: Person) {
  await op.getByRole('button', { name: 'Nova proposta' }).click();
  await op.waitForURL('**/backoffice/proposals/new');
  await field(op, 'Nome completo').fill(buyer.name);
  await field(op, 'CPF').fill(buyer.cpf.replace(/\D/g, ''));
  await field(op, 'E-mail').fill(buyer.email);
  await select(op, 'Tipo do imóvel', 'Apartamento');
  await field(op, 'CEP').fill('30140071');
  await select(op, 'UF', 'MG');
  await field(op, 'Cidade').fill('Belo Horizonte');
  await field(op, 'Valor financiado (R$)').fill('42000000');
  await field(op, 'Prazo (meses)').fill('360');
  await select(op, 'Tipo de taxa', 'Taxa + TR');
  await select(op, 'Seguradora', 'Itaú Seguros');
  await field(op, 'Produto').fill('SFH — Imóvel residencial com FGTS');
  await op.getByRole('button', { name: 'Criar proposta e convidar' }).click();
  const created = op.getByText(/^Proposta (PF-\d{4}-\d{6}) criada$/);
  await created.waitFor();
  const code = /PF-\d{4}-\d{6}/.exec((await created.textContent())!)![0];
  await op.getByRole('button', { name: 'Abrir a proposta' }).click();
  await op.waitForURL(/\/backoffice\/proposals\/[\w-]+$/);
  return { id: new URL(op.url()).pathname.split('/').pop()!, code };
}

describe('one proposal, three people', () => {
  const browser = useBrowser();

  it('buyer, seller and operator follow one lifecycle and always see the same status', async () => {
    const op = (await browser.newPage(PHONE)).page;
    await signIn(op, 'operador@demo.com.br', 'operator');
    const buyer = freshPerson('Renata Campos Vieira');
    const seller = freshPerson('Caio Nogueira Prado');
    const proposal = await createOnScreen(op, buyer);

    // The buyer joins from the e-mail and opens the proposal.
    const bp = (await browser.newPage(PHONE)).page;
    await joinByInvitation(bp, buyer.email, PASSWORD);
    await bp.waitForURL('**/buyer/home');
    let sp: Page | null = null;
    // The screen audit (Portuguese only, 44 × 44 px targets, no sideways scroll) of the states this
    // walk reaches and the route walk does not: the open invitation, the confirmation, read-only
    // screens, the homes after a correction.
    const findings: ScreenFinding[] = [];
    const audit = async (page: Page, state: string) => findings.push(...(await auditScreen(page, state)));

    /** The status each of the three reads on their own screen. */
    async function statusEverywhere(label: string) {
      await bp.goto('/buyer/home');
      await expect.poll(() => bp.locator('.home-status .ant-tag').innerText(), { timeout: 15_000 }).toBe(label);
      await op.goto(`/backoffice/proposals/${proposal.id}`);
      await expect
        .poll(() => op.locator('.ant-tag', { hasText: label }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      if (sp) {
        await sp.goto('/seller/proposals');
        await expect
          .poll(() => sp!.locator('.seller-card .ant-tag', { hasText: label }).count(), { timeout: 15_000 })
          .toBe(1);
      }
    }
    await statusEverywhere('Em preenchimento');

    // The buyer fills everything, following "next"; her seller form invites the seller.
    const screens = buyerScreens(seller);
    await bp.getByRole('region', { name: 'Próximo passo' }).getByRole('button').first().click();
    for (let guard = 0; guard < 20; guard++) {
      const next = (await progressOf(bp.request, proposal.id)).next;
      expect(next, 'the buyer has a next step until sending').not.toBeNull();
      if (next!.kind === 'send') break;
      await bp.waitForURL((url) => `${url.pathname}${url.search}` === next!.path);
      await screens[pathOf(bp)]!(bp);
      await bp.waitForURL((url) => `${url.pathname}${url.search}` !== next!.path);
    }

    // Her part is complete (100 %) although the seller has not started.
    await bp.goto('/buyer/home');
    const progress = await progressOf(bp.request, proposal.id);
    expect(progress.buyer).toMatchObject({ done: progress.buyer!.total - 1 });
    expect(progress.seller.done).toBe(0);

    // Sending asks first, listing what is sent and what happens to the seller's part.
    const panel = bp.getByRole('region', { name: 'Próximo passo' });
    await panel.getByRole('button', { name: 'Enviar para análise' }).click();
    const confirm = bp.getByRole('region', { name: 'Confirme o envio' });
    await confirm.waitFor();
    const listed = await confirm.getByRole('listitem').allInnerTexts();
    for (const title of ['Dados gerais', 'Endereço', 'Dados do vendedor', 'Declaração de saúde', 'Envio de documentos'])
      expect(listed).toContain(title);
    expect(await confirm.innerText()).toContain('A parte do vendedor ainda não foi concluída');
    await audit(bp, 'send confirmation');
    await screenshot(bp, 'three-people-send-confirmation-phone');
    await confirm.getByRole('button', { name: 'Confirmar envio' }).click();
    await bp.getByText('Sua parte (compradores): ').filter({ hasText: '100%' }).waitFor();
    await statusEverywhere('Aguardando o vendedor');
    await audit(bp, 'buyer home, waiting for the seller');

    // The seller is told the buyers have finished and his part is awaited, with a link that opens
    // it (a new invitation: he has no password yet).
    await expect
      .poll(() => readOutbox().filter((m) => m.file.includes('-seller_awaited-')).length, { timeout: 10_000 })
      .toBe(1);
    const told = readOutbox().find((m) => m.file.includes('-seller_awaited-'))!;
    expect(told.raw).toContain(`To: ${seller.email}`);
    expect(quotedPrintable(told.raw)).toContain(
      `Os compradores da proposta ${proposal.code} concluíram a parte deles. A proposta segue para a análise da equipe`,
    );

    // The seller joins from that e-mail: his part is open, not read-only.
    sp = (await browser.newPage(PHONE)).page;
    await sp.goto(await waitForMailLink(seller.email, INVITATION_LINK));
    await sp.getByRole('button', { name: 'Criar senha e entrar' }).waitFor();
    await audit(sp, 'invitation landing (open link)');
    await screenshot(sp, 'three-people-invitation-landing-phone');
    await joinByInvitation(sp, seller.email, PASSWORD);
    await sp.waitForURL('**/seller/proposals');
    await statusEverywhere('Aguardando o vendedor');
    await sp.getByRole('button', { name: `Preencher: proposta ${proposal.code}` }).click();
    const fill = sellerScreens(seller);
    const base = `/seller/proposals/${proposal.id}/`;
    for (let guard = 0; guard < 20; guard++) {
      const next = (await progressOf(sp.request, proposal.id)).next;
      if (!next) break;
      await sp.waitForURL((url) => url.pathname === next.path);
      if (next.kind === 'section') expect(await sp.locator('.read-only-note').count()).toBe(0);
      // While the address can be typed, the CEP says it fills the rest.
      if (next.path === `${base}address`) await sp.getByText('Ao informar o CEP').waitFor();
      await fill[next.kind === 'complete' ? 'complete' : next.path.slice(base.length)]!(sp);
      await expect
        .poll(async () => (await progressOf(sp!.request, proposal.id)).next?.id, { timeout: 10_000 })
        .not.toBe(next.id);
    }
    // Both parts done: the proposal is with the team.
    await statusEverywhere('Em análise');

    // Now the seller's screens are read-only, and say why and what comes next.
    await sp.goto(`${base}address`);
    const note = sp.locator('.read-only-note');
    await note.waitFor();
    expect(await note.innerText()).toContain('A proposta está com a equipe do portal, em análise.');
    expect(await note.innerText()).toContain('Se a equipe pedir uma correção');
    // Nothing invites typing on a form that cannot be changed (the CEP's "we fill the address" hint).
    await expect.poll(() => sp.locator('#campo-cep').isDisabled()).toBe(true);
    expect(await sp.getByText('Ao informar o CEP').count()).toBe(0);
    await audit(sp, 'seller read-only');
    await screenshot(sp, 'three-people-seller-read-only-phone');

    // The operator asks the buyer for a correction of her address, with a note, on his proposal page.
    await op.goto(`/backoffice/proposals/${proposal.id}`);
    await op.getByRole('link', { name: 'Dados', exact: true }).click();
    const address = op.getByRole('article', { name: /^Endereço/ }).first();
    await address.getByRole('button', { name: 'Pedir correção' }).click();
    await address.getByLabel('O que precisa ser corrigido?').fill(NOTE);
    await address.getByRole('button', { name: 'Pedir correção' }).click();
    await op.getByText('Correção pedida. A pessoa responsável recebeu um e-mail.').waitFor();
    await statusEverywhere('Correção pendente');
    // The buyer reads the note; the seller reads neither on his page nor in his history.
    await bp.goto('/buyer/home');
    await bp.getByRole('link', { name: 'Endereço' }).waitFor();
    await audit(bp, 'buyer home, correction pending');
    await screenshot(bp, 'three-people-buyer-home-after-correction-phone');
    expect(await sp.locator('body').innerText()).not.toContain(NOTE);
    const history = await sp.request.get(`/api/v3/proposals/${proposal.id}/history`);
    expect(history.status()).toBe(200);
    expect(await history.text()).not.toContain('renda informal');

    // The buyer answers it: the proposal goes back to the team as "Correção respondida".
    await bp.getByRole('link', { name: 'Endereço' }).click();
    await bp.getByText(NOTE).waitFor();
    await bp.getByRole('button', { name: 'Salvar e continuar' }).click();
    await bp.waitForURL((url) => url.pathname !== '/buyer/address');
    await statusEverywhere('Correção respondida');
    await op.goto(`/backoffice?status=correction_answered`);
    await op
      .getByRole('row', { name: new RegExp(proposal.code) })
      .or(op.getByText(proposal.code))
      .first()
      .waitFor();
    await op.goto(`/backoffice/proposals/${proposal.id}`);
    await op.locator('.ant-tag', { hasText: 'Correção respondida' }).first().waitFor();
    await audit(op, 'operator proposal, correction answered (phone)');
    await screenshot(op, 'three-people-operator-correction-answered-phone');
    await op.setViewportSize(DESKTOP);
    await op.locator('.ant-tag', { hasText: 'Correção respondida' }).first().waitFor();
    await screenshot(op, 'three-people-operator-correction-answered-desktop', { fullPage: false });
    await bp.goto('/buyer/home');
    await bp.locator('.home-status .ant-tag', { hasText: 'Correção respondida' }).waitFor();
    await audit(bp, 'buyer home, correction answered');
    expect(await sp.locator('body').innerText()).not.toContain(NOTE);
    expect(await (await sp.request.get(`/api/v3/proposals/${proposal.id}/history`)).text()).not.toContain(
      'renda informal',
    );
    expect(findings.map((f) => `${f.url} [${f.kind}] ${f.detail}`)).toEqual([]);
  }, 300_000);
});
