import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../src/errors';
import { callerOf } from '../src/plugins/session';
import { createTestApp, type TestApp } from './helpers';

interface SeenRoute {
  method: string;
  url: string;
  access: unknown;
  sessionInQuery: unknown;
}

/**
 * Every route the app registers, as declared (method, full URL, config.access): the Fastify factory
 * of this file's app is wrapped to add an onRoute hook before any route exists.
 */
const routes = vi.hoisted(() => [] as SeenRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const fastify = ((options?: object) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const { access, sessionInQuery } = route.config ?? {};
        routes.push({ method, url: route.url, access, sessionInQuery });
      }
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: fastify };
});

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The state-changing /api/v3 routes that declare no access (docs/decisions/064-access-once-and-plugins.md):
 * each is reached without a session, or decides inside who may call it. Nothing else belongs here.
 */
const NO_ACCESS: Record<string, string> = {
  // Signing in: there is no session yet.
  'POST /api/v3/auth/login': 'sign-in',
  // Ends the session the cookie names, if any; without one it is a no-op (always 204).
  'POST /api/v3/auth/logout': 'sign-out',
  // Password recovery: always 202, whoever asks (no account enumeration).
  'POST /api/v3/auth/recover': 'recovery',
  // Either the session and the current password, or the e-mailed token instead of a session.
  'POST /api/v3/auth/change-password': 'session or recovery token, decided inside',
  // Invitation acceptance and a new link: the invitation's token is the credential.
  'POST /api/v3/auth/invitation': 'invitation acceptance',
  'POST /api/v3/auth/invitation/resend': 'invitation link renewal',
  // The reminder e-mail's links (RFC 8058 one-click): the link's token is the credential.
  'POST /api/v3/reminders/opt-out': 'e-mail link',
  'POST /api/v3/reminders/opt-in': 'e-mail link',
};

describe('every state-changing route declares who may call it', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The routes are the same on both databases: one app is enough.
    t = await createTestApp('sqlite', { seed: false });
  });
  afterAll(() => t.close());

  const stateChanging = () =>
    routes.filter((r) => STATE_CHANGING.has(r.method) && (r.url === '/api/v3' || r.url.startsWith('/api/v3/')));

  it('walks the registered routes', () => {
    expect(t.app).toBeDefined();
    // The write routes of every module: proposals, sections, documents, uploads, back office…
    expect(stateChanging().length).toBeGreaterThan(30);
  });

  it('declares access on each one under /api/v3, or is in the commented allow-list', () => {
    const undeclared = stateChanging()
      .filter((r) => r.access === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared.sort()).toEqual(Object.keys(NO_ACCESS).sort());
  });

  it('has no allow-list entry that is not a registered route', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(NO_ACCESS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('reads the session in the query only on reads that declare access', () => {
    const wrong = routes.filter(
      (r) => r.sessionInQuery && (!['GET', 'HEAD'].includes(r.method) || r.access === undefined),
    );
    expect(wrong).toEqual([]);
  });

  it('declares access as signed-in or a list of known roles', () => {
    const roles = new Set(['buyer', 'seller', 'operator']);
    const bad = routes.filter(
      (r) =>
        r.access !== undefined &&
        r.access !== 'signed-in' &&
        !(Array.isArray(r.access) && r.access.length > 0 && r.access.every((role) => roles.has(role))),
    );
    expect(bad).toEqual([]);
  });
});

describe('callerOf', () => {
  const requestOf = (config: object) =>
    ({
      routeOptions: { method: 'POST', url: '/api/v3/x', config },
      sessionUser: async () => ({ id: 'u1', role: 'buyer' }),
    }) as unknown as FastifyRequest;

  it('gives the session user of a route that declares access', async () => {
    await expect(callerOf(requestOf({ access: ['buyer'] }))).resolves.toMatchObject({ id: 'u1' });
  });

  it.each([{}, { access: 'signed-in', sessionInQuery: true }])(
    'is a programming error (500, logged) on a route with %o',
    async (config) => {
      const err = await callerOf(requestOf(config)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(HttpError);
      expect((err as Error).message).toContain('POST /api/v3/x');
    },
  );
});
