import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, demoSuite, type Client, type TestApp } from './helpers';
import { uploadDocument } from './helpers/documents';
import { makePdf } from './document-files';
import { MATRIX, PERMISSIONS_POLICY, X_FRAME_OPTIONS } from './security-matrix';
import { ADDRESS, ELIGIBLE } from '@portal/domain/testing/fgts-answers';

/** The main buyer's FGTS path, complete: the filled-in form (a PDF with their data) can be printed. */
const FGTS_ANSWERS: [string, object][] = [
  ['fgts_questions', ELIGIBLE],
  ['fgts_address', ADDRESS],
  ['fgts_civil_status', { civil_status: 'single' }],
  ['fgts_tax', { declares_income_tax: 'no', exempt_declaration: true }],
  [
    'fgts_authorization',
    {
      pis_pasep: '120.56412.54-5',
      accounts: [{ employee: 'Construtora Horizonte Ltda.', account: '0001.234.567-8', amount: '25.000,00' }],
      full_amount: true,
      has_company: false,
    },
  ],
  ['fgts_review', { confirmed: true }],
];

/**
 * Response hygiene of the API (docs/decisions/044-response-headers.md): every answer under /api
 * carries `Cache-Control: no-store` unless it is listed in ALLOWED_TO_CACHE, the Permissions-Policy
 * and the one framing rule. The test walks every GET operation of the API's own OpenAPI document
 * as each kind of caller, with the ids of that caller's own data, so that the answers with personal
 * data are really reached (200), not just their 401/404.
 */

/** GET routes that may be kept by a cache, and why (the matrix says it): each sends exactly that Cache-Control. */
const ALLOWED_TO_CACHE = Object.fromEntries(
  Object.entries(MATRIX).flatMap(([key, entry]) => (entry.cache ? [[key, entry.cache]] : [])),
);

/**
 * GET routes no caller reaches with a 200 in this test, and why (anything else that never answers
 * 200 fails the test: the walk would no longer prove anything about it).
 */
const NEVER_200: Record<string, string> = {
  'GET /api/v3/cep/{cep}': 'no address service is configured in tests (503, its honest answer)',
  'GET /api/v3/auth/invitation':
    'needs a live invitation token (its 200 and no-store are checked in invitations.test.ts); here an unknown one',
  'GET /api/v3/reminders/opt-out':
    'needs a live reminder link (its 200 and no-store are checked in reminders.test.ts); here an unknown one',
};

/** Routes outside the OpenAPI document (hidden from it) that answer under /api too. */
const UNDOCUMENTED = ['/api/docs', '/api/health/live', '/api/health/ready', '/api/v3/nothing-here'];

type Role = 'anonymous' | 'buyer' | 'seller' | 'operator';
const ROLES: Role[] = ['anonymous', 'buyer', 'seller', 'operator'];

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
}

/** Values of the query parameters a GET route requires (a new required one must be added here). */
const REQUIRED_QUERY: Record<string, string> = { 'service.name': 'portal-web', buyer: '0', token: 'x'.repeat(43) };

function directives(res: LightMyRequestResponse): string[] {
  return String(res.headers['cache-control'] ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

describe.each(DATABASES)('response headers on %s', (dialect) => {
  const demo = demoSuite(dialect);
  const { as, ids, anonymous } = demo;
  /** Each role's own data: the path parameters its screens use. */
  const params = {} as Record<Role, Record<string, string>>;
  const clientOf = (role: Role): Client =>
    ({ anonymous, buyer: as.comprador, seller: as.vendedor, operator: as.operador })[role];

  beforeAll(async () => {
    const upload = async (who: Client, item: string) => {
      const res = await uploadDocument(who, ids.twoBuyers, item, {
        name: 'doc.pdf',
        content: makePdf(),
        type: 'application/pdf',
      });
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      return res.json().data.id as string;
    };
    // The main buyer's income-tax file and the seller's IPTU, both on the proposal they share.
    const buyerFile = await upload(as.comprador, 'income_tax_buyer1');
    for (const [key, body] of FGTS_ANSWERS) {
      const res = await as.comprador.put(`/api/v3/proposals/${ids.twoBuyers}/sections/${key}?buyer=0`, body);
      if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode} ${res.body}`);
    }
    const sellerFile = await upload(as.vendedor, 'iptu_current_year');
    const common = { id: ids.twoBuyers, cep: '01310100' };
    params.buyer = { ...common, section: 'data', fileId: buyerFile };
    params.seller = { ...common, section: 'seller-general-data', fileId: sellerFile };
    params.operator = { ...common, section: 'data', fileId: buyerFile };
    params.anonymous = params.buyer;
  });

  /** Every GET of the OpenAPI document (generated from the routes themselves), as a URL for the role. */
  async function getRoutes(role: Role): Promise<{ key: string; url: string }[]> {
    const doc = (await as.operador.get('/api/docs')).json() as {
      paths: Record<string, { get?: { parameters?: OpenApiParameter[] } }>;
    };
    return Object.entries(doc.paths).flatMap(([path, ops]) => {
      if (!ops.get) return [];
      const parameters = ops.get.parameters ?? [];
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = params[role][name];
        if (!value) throw new Error(`no value for the path parameter ${name} of ${path}`);
        return encodeURIComponent(value);
      });
      const query = parameters
        .filter((p) => p.in === 'query' && (p.required || p.name === 'buyer'))
        .map((p) => {
          const value = REQUIRED_QUERY[p.name];
          if (value === undefined) throw new Error(`no value for the query parameter ${p.name} of ${path}`);
          return `${encodeURIComponent(p.name)}=${encodeURIComponent(value)}`;
        });
      return [{ key: `GET ${path}`, url: query.length ? `${url}?${query.join('&')}` : url }];
    });
  }

  it('sends Cache-Control: no-store on every GET of the API, as every caller, unless the route is allowed to cache', async () => {
    const problems: string[] = [];
    const reached = new Set<string>();
    let answers = 0;
    for (const role of ROLES) {
      const who = clientOf(role);
      for (const { key, url } of await getRoutes(role)) {
        const res = await who.get(url);
        answers++;
        if (res.statusCode === 200) reached.add(key);
        const allowed = ALLOWED_TO_CACHE[key];
        const got = res.headers['cache-control'];
        if (allowed) {
          if (got !== allowed.cacheControl) problems.push(`${key} as ${role}: ${res.statusCode} cache-control ${got}`);
        } else if (!directives(res).includes('no-store')) {
          problems.push(`${key} as ${role} (${url}): ${res.statusCode} cache-control ${got ?? '(none)'}`);
        }
      }
      for (const url of UNDOCUMENTED) {
        const res = await who.get(url);
        if (!directives(res).includes('no-store'))
          problems.push(
            `${url} as ${role}: ${res.statusCode} cache-control ${res.headers['cache-control'] ?? '(none)'}`,
          );
      }
    }
    expect(problems).toEqual([]);
    // The walk reached the answers themselves: every route gave some caller a 200.
    const documented = (await getRoutes('operator')).map((r) => r.key);
    expect(documented.filter((k) => !reached.has(k) && !NEVER_200[k])).toEqual([]);
    expect(Object.keys(NEVER_200).filter((k) => reached.has(k))).toEqual([]);
    expect(answers).toBe(documented.length * ROLES.length);
  }, 120_000);

  it('the personal answers named in the hygiene review are among them, with no-store for their reader', async () => {
    const P = `/api/v3/proposals/${ids.twoBuyers}`;
    const cases: [Role, string][] = [
      ['buyer', '/api/v3/proposals'],
      ['buyer', P],
      ['buyer', `${P}/progress`],
      ['buyer', `${P}/sections`],
      ['buyer', `${P}/history`],
      ['buyer', `${P}/insurance/access-log?buyer=0`],
      ['buyer', '/api/v3/privacy'],
      ['seller', '/api/v3/proposals'],
      ['operator', `${P}/documents/events`],
      ['operator', '/api/v3/backoffice/proposals'],
      ['operator', '/api/v3/backoffice/audit'],
      ['operator', '/api/v3/backoffice/outbox'],
      ['operator', '/api/v3/operators'],
      ['operator', '/api/v3/privacy/requests'],
    ];
    for (const [role, url] of cases) {
      const res = await clientOf(role).get(url);
      expect(res.statusCode, `${url} as ${role}`).toBe(200);
      expect(res.headers['cache-control'], `${url} as ${role}`).toBe('no-store');
    }
  });

  it('keeps the revalidation of the public settings and the RUM config (no-cache, the ETag answers 304)', async () => {
    const settings = await anonymous.get('/api/public-settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-cache');
    const url = '/api/config/v1/rum/agents?service.name=portal-web';
    const config = await anonymous.get(url);
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('no-cache');
    const etag = String(config.headers.etag);
    const again = await anonymous.get(url, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['an API answer', 'anonymous', '/api/v3/auth/session'],
    ['an API error', 'anonymous', '/api/v3/auth/user'],
    ['a 404', 'anonymous', '/api/v3/nothing-here'],
    ['a personal answer', 'buyer', '/api/v3/proposals'],
    ['a file download', 'buyer', 'download'],
  ] as const)('allow only the camera on its own origin and forbid framing on %s', async (_, role, url) => {
    const target =
      url === 'download' ? `/api/v3/proposals/${ids.twoBuyers}/documents/files/${params.buyer.fileId}/content` : url;
    const res = await clientOf(role).get(target);
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-frame-options']).toBe(X_FRAME_OPTIONS);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it("the inline document preview is framed by the portal's own pages only: both framing headers say so", async () => {
    const res = await as.operador.get(
      `/api/v3/proposals/${ids.twoBuyers}/documents/files/${params.buyer.fileId}/content?inline=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(directives(res)).toContain('no-store');
  });
});

/** A built web folder as the Vite build leaves it: hashed assets, their source maps beside them. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("portal");\n');
  writeFileSync(join(dir, 'assets/index-abc123.css'), 'body{margin:0}\n');
  const map = {
    version: 3,
    sources: ['../../src/main.tsx'],
    sourcesContent: ['// the whole source'],
    mappings: 'AAAA',
  };
  writeFileSync(join(dir, 'assets/index-abc123.js.map'), JSON.stringify(map));
  writeFileSync(join(dir, 'assets/index-abc123.css.map'), JSON.stringify(map));
  return dir;
}

describe.each([
  ['production', { NODE_ENV: 'production' }],
  ['development', {}],
])('the page and its assets in %s', (_, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false, env: { ...env, WEB_DIST: fakeWebDist() } });
  });
  afterAll(() => t.close());
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

  it.each(['/', '/comprador/propostas', '/assets/index-abc123.js', '/assets/index-abc123.css'])(
    'sends the Permissions-Policy and the one framing rule with %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(res.headers['x-frame-options']).toBe(X_FRAME_OPTIONS);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      // The page and the assets keep their own caching (hashed assets for a year, the page revalidated).
      expect(res.headers['cache-control']).toBe(
        url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  );

  it.each([
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.css.map',
    '/assets/index-abc123.js%2Emap',
    '/assets/index-abc123.js.MAP',
    '/assets/index-abc123.js.map?x=1',
    '/assets/missing-000000.js.map',
  ])('answers 404 to the source map %s (never the file, never the page)', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await get(url, method);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('the whole source');
      expect(res.body).not.toContain('<div id="root">');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
  });
});
