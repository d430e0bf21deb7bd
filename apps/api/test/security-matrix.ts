import { completeCpf } from '@portal/domain/cpf';
import { financingProposalBody } from './helpers/proposals';
import { REMINDERS_MATRIX } from './security-matrix-reminders';
import { UPLOADS_MATRIX } from './security-matrix-uploads';
import {
  ALL_OK,
  HISTORY_NOTES,
  INTERNAL_NOTE,
  noteHiddenFor,
  OPERATOR_ONLY,
  SIGNED_IN,
  UNKNOWN_TOKEN,
  type Ids,
  type MatrixEntry,
} from './security-matrix-types';

export type { Actors, Expect, Ids, MatrixEntry } from './security-matrix-types';
export { HISTORY_NOTES, INTERNAL_NOTE } from './security-matrix-types';

/**
 * Headers on every answer, API and page alike (docs/decisions/044-response-headers.md): only the
 * camera, on the portal's own origin (document capture), every other powerful feature off; one
 * framing rule (the CSP's frame-ancestors 'none' and X-Frame-Options DENY).
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), ' +
  'accelerometer=(), gyroscope=(), magnetometer=(), display-capture=(), screen-wake-lock=(), ' +
  'publickey-credentials-get=(), xr-spatial-tracking=(), idle-detection=(), browsing-topics=()';
export const X_FRAME_OPTIONS = 'DENY';

const P = (ids: Ids) => `/api/v3/proposals/${ids.proposal}`;
/** What no seller screen uses: the financing terms, the buyers' personal data and filling progress. */
const SELLER_HIDDEN = [
  'financingOrCgiData',
  'amount',
  'installments',
  'amortizationSystem',
  'feeType',
  'insuranceCompanyName',
  'product',
  'customerData',
  'email',
  'cpf',
  'fillingStatus',
  'zipCode',
] as const;
/** The team's own workflow on a proposal (its responsible, its place in the queue): never a party's. */
const TEAM_ONLY = ['responsible', 'owner_id', 'ownerId', 'waitingSince', 'waiting_since', 'waitingReason'] as const;
const OWNER = (ids: Ids) => `/api/v3/backoffice/proposals/${ids.proposal}/owner`;
const PARTIES_HIDE_TEAM = { owner: TEAM_ONLY, second: TEAM_ONLY, seller: [...SELLER_HIDDEN, ...TEAM_ONLY] } as const;
let seq = 0;
/** A valid new proposal with a buyer no one has used yet. */
function newProposalBody() {
  seq++;
  const base = String(300_000_000 + seq * 7_001 + Math.floor(Math.random() * 1000));
  return financingProposalBody([
    { name: 'Paula Matriz Teste', cpf: completeCpf(base), email: `matriz${seq}-${base}@exemplo.com` },
  ]);
}
const rumBatch = `${JSON.stringify({ metadata: { service: { name: 'portal-web', agent: { name: 'rum-js', version: '5' }, language: { name: 'javascript' } } } })}\n`;

export const MATRIX: Record<string, MatrixEntry> = {
  // Auth: public by nature; the credentials in the body decide, not the caller.
  'POST /api/v3/auth/login': {
    url: () => '/api/v3/auth/login',
    body: () => ({ username: 'comprador@demo.com.br', password: 'Demo@2026!', type: 'buyer' }),
    expect: ALL_OK,
  },
  'GET /api/v3/auth/session': { url: () => '/api/v3/auth/session', expect: ALL_OK },
  'GET /api/v3/auth/user': {
    url: () => '/api/v3/auth/user',
    expect: SIGNED_IN,
    hidesText: noteHiddenFor('owner', 'other', 'second', 'seller'),
  },
  'POST /api/v3/auth/logout': { url: () => '/api/v3/auth/logout', expect: ALL_OK },
  'POST /api/v3/auth/recover': {
    url: () => '/api/v3/auth/recover',
    body: () => ({ email: 'ninguem@exemplo.com', cpf: '529.982.247-25' }),
    acceptsAnything: true,
    expect: ALL_OK,
  },
  'POST /api/v3/auth/change-password': {
    url: () => '/api/v3/auth/change-password',
    body: () => ({ pass: 'NovaSenha2026', repeat: 'NovaSenha2026' }),
    expect: SIGNED_IN,
  },
  'GET /api/v3/cep/{cep}': { url: () => '/api/v3/cep/01310100', external: true, expect: SIGNED_IN },
  // The invitation landing: public by design, the token is the credential (an unknown one is refused
  // the same for everyone; the real answers are in invitations.test.ts).
  'GET /api/v3/auth/invitation': { url: () => `/api/v3/auth/invitation?token=${UNKNOWN_TOKEN}`, expect: ALL_OK },
  'POST /api/v3/auth/invitation': {
    url: () => '/api/v3/auth/invitation',
    body: () => ({ token: UNKNOWN_TOKEN, pass: 'NovaSenha2026', repeat: 'NovaSenha2026' }),
    expect: ALL_OK,
  },
  'POST /api/v3/auth/invitation/resend': {
    url: () => '/api/v3/auth/invitation/resend',
    body: () => ({ token: UNKNOWN_TOKEN }),
    expect: ALL_OK,
  },

  // Proposals and their sections.
  'GET /api/v3/proposals/': {
    url: () => '/api/v3/proposals',
    expect: SIGNED_IN,
    hides: PARTIES_HIDE_TEAM,
    hidesText: noteHiddenFor('owner', 'other', 'second', 'seller'),
  },
  'GET /api/v3/proposals/{id}': {
    url: P,
    expect: [401, 'ok', 404, 'ok', 'ok', 'ok'],
    hides: PARTIES_HIDE_TEAM,
    hidesText: noteHiddenFor('owner', 'second', 'seller'),
  },
  // Everyone on the proposal sees status and stage; the team's words only their addressee.
  'GET /api/v3/proposals/{id}/history': {
    url: (ids) => `${P(ids)}/history`,
    expect: [401, 'ok', 404, 'ok', 'ok', 'ok'],
    hidesText: {
      seller: [HISTORY_NOTES.toBuyers, HISTORY_NOTES.stageToBuyers, INTERNAL_NOTE],
      owner: [HISTORY_NOTES.toSeller, INTERNAL_NOTE],
      second: [HISTORY_NOTES.toSeller, INTERNAL_NOTE],
    },
  },
  // What is next: each party sees its own steps; only the main buyer sends for analysis.
  'GET /api/v3/proposals/{id}/progress': {
    url: (ids) => `${P(ids)}/progress`,
    expect: [401, 'ok', 404, 'ok', 'ok', 'ok'],
    hidesText: noteHiddenFor('owner', 'second', 'seller'),
  },
  'POST /api/v3/proposals/{id}/send-for-analysis': {
    url: (ids) => `${P(ids)}/send-for-analysis`,
    expect: [401, 'ok', 404, 403, 403, 403],
  },
  'GET /api/v3/proposals/{id}/sections': {
    url: (ids) => `${P(ids)}/sections`,
    expect: [401, 'ok', 404, 'ok', 'ok', 'ok'],
    hidesText: noteHiddenFor('owner', 'second', 'seller'),
  },
  'GET /api/v3/proposals/{id}/sections/{section}': {
    url: (ids) => `${P(ids)}/sections/data?buyer=0`,
    expect: [401, 'ok', 404, 403, 404, 'ok'],
    hidesText: noteHiddenFor('owner'),
  },
  'PUT /api/v3/proposals/{id}/sections/{section}': {
    url: (ids) => `${P(ids)}/sections/data?buyer=0`,
    body: () => ({ name: 'x' }),
    expect: [401, 'ok', 404, 403, 404, 403],
  },
  'PUT /api/v3/proposals/{id}/sections/{section}/draft': {
    url: (ids) => `${P(ids)}/sections/data/draft?buyer=0`,
    body: () => ({ name: 'x' }),
    expect: [401, 'ok', 404, 403, 404, 403],
  },

  // Documents: the owner's file on the main buyer's income-tax item.
  'GET /api/v3/proposals/{id}/documents': {
    url: (ids) => `${P(ids)}/documents`,
    expect: [401, 'ok', 404, 'ok', 'ok', 'ok'],
    hidesText: noteHiddenFor('owner', 'second', 'seller'),
  },
  // Sending a file, in one request or resumable (security-matrix-uploads.ts).
  ...UPLOADS_MATRIX,
  'DELETE /api/v3/proposals/{id}/documents/files/{fileId}': {
    url: (ids) => `${P(ids)}/documents/files/${ids.file}`,
    freshFile: true,
    expect: [401, 'ok', 404, 404, 404, 403],
  },
  'GET /api/v3/proposals/{id}/documents/files/{fileId}/content': {
    url: (ids) => `${P(ids)}/documents/files/${ids.file}/content`,
    expect: [401, 'ok', 404, 404, 404, 'ok'],
  },
  'POST /api/v3/proposals/{id}/documents/files/{fileId}/review': {
    url: (ids) => `${P(ids)}/documents/files/${ids.file}/review`,
    body: () => ({ decision: 'accept' }),
    expect: OPERATOR_ONLY,
  },
  'POST /api/v3/proposals/{id}/documents/{item}/review': {
    url: (ids) => `${P(ids)}/documents/income_tax_buyer1/review`,
    body: () => ({ decision: 'reject', reason: 'Documento ilegível' }),
    expect: OPERATOR_ONLY,
  },
  // The review history is the back office's.
  'GET /api/v3/proposals/{id}/documents/events': { url: (ids) => `${P(ids)}/documents/events`, expect: OPERATOR_ONLY },

  // The seller's part.
  'GET /api/v3/proposals/{id}/seller': {
    url: (ids) => `${P(ids)}/seller`,
    expect: [401, 'ok', 404, 'ok', 'ok', 'ok'],
    hidesText: noteHiddenFor('owner', 'second', 'seller'),
  },
  'POST /api/v3/proposals/{id}/seller/complete': {
    url: (ids) => `${P(ids)}/seller/complete`,
    expect: [401, 403, 403, 403, 'ok', 403],
  },

  // FGTS and the health declaration: buyers of the proposal and operators; never sellers.
  // The main buyer's FGTS data: not the second buyer's to read.
  'GET /api/v3/proposals/{id}/fgts': {
    url: (ids) => `${P(ids)}/fgts?buyer=0`,
    expect: [401, 'ok', 404, 403, 404, 'ok'],
    hidesText: noteHiddenFor('owner'),
  },
  'GET /api/v3/proposals/{id}/fgts/form.pdf': {
    url: (ids) => `${P(ids)}/fgts/form.pdf?buyer=0`,
    expect: [401, 'ok', 404, 403, 404, 'ok'],
  },
  // The seller's registration form, filled with his data: the seller and the team; never buyers.
  'GET /api/v3/proposals/{id}/seller/form.pdf': {
    url: (ids) => `${P(ids)}/seller/form.pdf`,
    expect: [401, 403, 403, 403, 'ok', 'ok'],
  },
  'GET /api/v3/proposals/{id}/insurance': {
    url: (ids) => `${P(ids)}/insurance`,
    expect: [401, 'ok', 404, 'ok', 404, 'ok'],
    hidesText: noteHiddenFor('owner', 'second'),
  },
  'POST /api/v3/proposals/{id}/insurance/consent': {
    url: (ids) => `${P(ids)}/insurance/consent`,
    body: () => ({ version: 'v1', accepted: true }),
    expect: [401, 'ok', 404, 'ok', 404, 403],
  },
  'DELETE /api/v3/proposals/{id}/insurance/consent': {
    url: (ids) => `${P(ids)}/insurance/consent`,
    expect: [401, 'ok', 404, 'ok', 404, 403],
  },
  'GET /api/v3/proposals/{id}/insurance/answers': {
    url: (ids) => `${P(ids)}/insurance/answers?buyer=0`,
    expect: [401, 'ok', 404, 403, 404, 'ok'],
  },
  'PUT /api/v3/proposals/{id}/insurance/answers/{question}': {
    url: (ids) => `${P(ids)}/insurance/answers/1?buyer=0`,
    body: () => ({ value: 'no' }),
    expect: [401, 'ok', 404, 403, 404, 403],
  },
  'POST /api/v3/proposals/{id}/insurance/confirm': {
    url: (ids) => `${P(ids)}/insurance/confirm`,
    body: () => ({ declaration: true, version: 'v1' }),
    expect: [401, 'ok', 404, 'ok', 404, 403],
  },
  'GET /api/v3/proposals/{id}/insurance/access-log': {
    url: (ids) => `${P(ids)}/insurance/access-log?buyer=0`,
    expect: [401, 'ok', 404, 403, 404, 'ok'],
  },

  // Back office: operators only.
  'GET /api/v3/backoffice/proposals': { url: () => '/api/v3/backoffice/proposals', expect: OPERATOR_ONLY },
  'POST /api/v3/backoffice/proposals': {
    url: () => '/api/v3/backoffice/proposals',
    body: newProposalBody,
    expect: OPERATOR_ONLY,
  },
  'GET /api/v3/backoffice/proposals/{id}': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}`,
    expect: OPERATOR_ONLY,
  },
  'POST /api/v3/backoffice/proposals/{id}/status': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/status`,
    body: () => ({ status: 'under_review', reason: 'Documentação completa' }),
    expect: OPERATOR_ONLY,
  },
  'POST /api/v3/backoffice/proposals/{id}/stage': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/stage`,
    body: () => ({ stage: 'credit_analysis', reason: 'Enviada à análise' }),
    expect: OPERATOR_ONLY,
  },
  'POST /api/v3/backoffice/proposals/{id}/sections/{section}/correction': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/sections/data/correction`,
    body: () => ({ buyer: 0, note: 'Corrigir a renda' }),
    expect: OPERATOR_ONLY,
  },
  'GET /api/v3/backoffice/proposals/{id}/dossier': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/dossier`,
    expect: OPERATOR_ONLY,
  },
  // Financing numbers: the proposal's buyers and operators read them; the back office writes them.
  'GET /api/v3/proposals/{id}/financing': {
    url: (ids) => `${P(ids)}/financing`,
    expect: [401, 'ok', 404, 'ok', 404, 'ok'],
    hidesText: noteHiddenFor('owner', 'second'),
  },
  // The team's internal notes: operators only, and in no answer of anyone else (INTERNAL_NOTE above).
  'GET /api/v3/backoffice/proposals/{id}/notes': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/notes`,
    expect: OPERATOR_ONLY,
  },
  'POST /api/v3/backoffice/proposals/{id}/notes': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/notes`,
    body: () => ({ text: `${INTERNAL_NOTE} (mais uma)` }),
    expect: OPERATOR_ONLY,
  },
  'PUT /api/v3/backoffice/proposals/{id}/notes/{noteId}': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/notes/${ids.note}`,
    body: () => ({ text: `${INTERNAL_NOTE} (revista)`, version: 1 }),
    expect: OPERATOR_ONLY,
  },
  'PUT /api/v3/backoffice/proposals/{id}/financing': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/financing`,
    body: () => ({ propertyValue: 'R$ 5.000.000,00', interestRate: '10,49' }),
    expect: OPERATOR_ONLY,
  },
  'GET /api/v3/backoffice/settings/financing': {
    url: () => '/api/v3/backoffice/settings/financing',
    expect: OPERATOR_ONLY,
  },
  'PUT /api/v3/backoffice/settings/financing': {
    url: () => '/api/v3/backoffice/settings/financing',
    body: () => ({
      sfhCeilings: [
        { from: '2019-01-01', value: 150_000_000, source: 'Resolução CMN nº 4.676/2018' },
        { from: '2025-10-01', value: 225_000_000, source: 'Resolução CMN de 2025' },
      ],
      ltvLimits: { SAC: 80, PRICE: 70 },
    }),
    expect: OPERATOR_ONLY,
  },
  // The queue and the responsible (docs/decisions/050-operator-queue.md).
  'GET /api/v3/backoffice/queue': { url: () => '/api/v3/backoffice/queue', expect: OPERATOR_ONLY },
  'GET /api/v3/backoffice/proposals/{id}/owner': { url: OWNER, expect: OPERATOR_ONLY },
  'PUT /api/v3/backoffice/proposals/{id}/owner': {
    url: OWNER,
    body: (ids) => ({ operatorId: ids.operatorId }),
    expect: OPERATOR_ONLY,
  },
  'GET /api/v3/backoffice/audit': { url: () => '/api/v3/backoffice/audit', expect: OPERATOR_ONLY },
  'GET /api/v3/backoffice/outbox': { url: () => '/api/v3/backoffice/outbox', expect: OPERATOR_ONLY },
  'GET /api/v3/backoffice/jobs': { url: () => '/api/v3/backoffice/jobs', expect: OPERATOR_ONLY },
  // A job that is not among the failures: the operator's honest answer is 409, never a 5xx.
  'POST /api/v3/backoffice/jobs/retry': {
    url: () => '/api/v3/backoffice/jobs/retry',
    body: () => ({ queue: 'mail.deliver', id: '0b7c7f8e-3c1f-4a51-9d0a-5b0f1c2d3e4f' }),
    expect: OPERATOR_ONLY,
  },
  'GET /api/v3/operators': { url: () => '/api/v3/operators', expect: OPERATOR_ONLY },
  'POST /api/v3/operators': {
    url: () => '/api/v3/operators',
    body: () => ({
      name: 'Nova Operadora',
      email: `op${Date.now()}${Math.random().toString(36).slice(2, 6)}@exemplo.com`,
    }),
    expect: OPERATOR_ONLY,
  },
  'PATCH /api/v3/operators/{id}': {
    url: (ids) => `/api/v3/operators/${ids.operatorId}`,
    body: () => ({ canViewHealth: true }),
    expect: OPERATOR_ONLY,
  },

  // LGPD self-service: the person asks, an operator completes.
  'GET /api/v3/privacy/': { url: () => '/api/v3/privacy', expect: [401, 'ok', 'ok', 'ok', 'ok', 403] },
  // The self-service export leaves the team's notes out (docs/decisions/051).
  'GET /api/v3/privacy/export': {
    url: () => '/api/v3/privacy/export',
    expect: [401, 'ok', 'ok', 'ok', 'ok', 403],
    hidesText: noteHiddenFor('owner', 'other', 'second', 'seller'),
  },
  'POST /api/v3/privacy/deletion-request': {
    url: () => '/api/v3/privacy/deletion-request',
    expect: [401, 'ok', 'ok', 'ok', 'ok', 403],
  },
  'GET /api/v3/privacy/requests': { url: () => '/api/v3/privacy/requests', expect: OPERATOR_ONLY },
  'POST /api/v3/privacy/requests/{requestId}/complete': {
    url: (ids) => `/api/v3/privacy/requests/${ids.privacyRequest}/complete`,
    expect: OPERATOR_ONLY,
  },

  ...REMINDERS_MATRIX,
  // Monitoring: the agent's endpoints are public (same origin); the views are the operator's.
  'GET /api/public-settings': {
    url: () => '/api/public-settings',
    expect: ALL_OK,
    cache: {
      cacheControl: 'no-cache',
      why: 'the same public switches for everyone (monitoring, analytics), no personal data; revalidated on every use',
    },
  },
  'GET /api/config/v1/rum/agents': {
    url: () => '/api/config/v1/rum/agents?service.name=portal-web&service.environment=test',
    expect: ALL_OK,
    cache: {
      cacheControl: 'no-cache',
      why: "the RUM agent's sampling rate, the same for everyone, with an ETag: the agent keeps it and asks again with If-None-Match",
    },
  },
  'POST /api/intake/v2/rum/events': { url: () => '/api/intake/v2/rum/events', ndjson: rumBatch, expect: ALL_OK },
  'GET /api/v3/monitoring/errors': { url: () => '/api/v3/monitoring/errors', expect: OPERATOR_ONLY },
  'GET /api/v3/monitoring/routes': { url: () => '/api/v3/monitoring/routes', expect: OPERATOR_ONLY },
  'GET /api/v3/monitoring/sample-rate': { url: () => '/api/v3/monitoring/sample-rate', expect: OPERATOR_ONLY },
  'PUT /api/v3/monitoring/sample-rate': {
    url: () => '/api/v3/monitoring/sample-rate',
    body: () => ({ rate: 0.5 }),
    expect: OPERATOR_ONLY,
  },
};

export const ROUTE_PARAMS_NOTE = 'Fill the ids with real rows: the matrix checks authorization, not existence.';
