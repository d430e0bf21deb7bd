import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { clientFor, type Client } from './client';

export type AppOptions = Parameters<typeof createTestApp>[1];
export type Dialect = 'sqlite' | 'postgres';

/** A TestApp that reaches, when used, the one `current()` returns (built later, in a hook). */
export function lateApp(current: () => TestApp): TestApp {
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
    dropDatabase: () => current().dropDatabase(),
  };
}

/** A Client that sends, when used, through the one `current()` returns (logged in later, in a hook). */
export function lateClient(current: () => Client): Client {
  return {
    get cookie() {
      return current().cookie;
    },
    request: (...args) => current().request(...args),
    get: (...args) => current().get(...args),
    delete: (...args) => current().delete(...args),
    post: (...args) => current().post(...args),
    put: (...args) => current().put(...args),
    patch: (...args) => current().patch(...args),
  };
}

/**
 * A fresh app for one describe block, usable where the block is declared: built before its tests
 * (with `setUp`, e.g. logging in, run right after), closed after them. Declare it first in the
 * block, so that the block's own hooks run with the app ready. `options` may be a function, read
 * once the block's earlier hooks have run (e.g. an S3 server started before the app).
 */
export function appSuite<Extra>(
  dialect: Dialect,
  options: AppOptions | (() => AppOptions) = {},
  setUp?: (t: TestApp) => Promise<Extra>,
): { t: TestApp; anonymous: Client; extra: () => Extra } {
  let built: { t: TestApp; extra: Extra } | undefined;
  const current = () => {
    if (!built) throw new Error('the app is built in beforeAll: use it inside tests and hooks');
    return built;
  };
  beforeAll(async () => {
    const t = await createTestApp(dialect, typeof options === 'function' ? options() : options);
    built = { t, extra: undefined as Extra };
    if (setUp) built.extra = await setUp(t);
  });
  afterAll(async () => built?.t.close());
  const t = lateApp(() => current().t);
  return { t, anonymous: clientFor(t), extra: () => current().extra };
}
