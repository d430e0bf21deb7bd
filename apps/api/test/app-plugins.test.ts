import { describe, expect, it } from 'vitest';
import { createTestApp, DATABASES } from './helpers';

/**
 * The shared clients, the jobs and the services are named plugins (docs/decisions/064-access-once-and-plugins.md):
 * registered in dependency order, they close in the reverse one.
 */
describe.each(DATABASES)('the app plugins on %s', (dialect) => {
  it('close in order: running jobs stop, then the mailer, the storage, and Redis last', async () => {
    // Redis on a port nothing listens on: the client exists (and keeps retrying) until the close.
    const t = await createTestApp(dialect, { seed: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const order: string[] = [];
    const spy = <T extends object>(target: T, method: keyof T & string, label: string) => {
      const original = (target[method] as (...args: unknown[]) => unknown).bind(target);
      Object.assign(target, { [method]: (...args: unknown[]) => (order.push(label), original(...args)) });
    };
    await t.app.jobs.start();
    spy(t.app.jobs, 'stop', 'jobs');
    spy(t.app.mailer, 'stop', 'mailer');
    spy(t.app.storage, 'close', 'storage');
    spy(t.app.redis!, 'disconnect', 'redis');
    await t.close();
    expect(order).toEqual(['jobs', 'mailer', 'storage', 'redis']);
  });
});
