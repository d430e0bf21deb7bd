import { expect } from 'vitest';
import type { Dialect } from './suite';
import { demoSuite } from './demo';

/**
 * The demo suite with every statement the app sends recorded (openDatabase's onStatement), for the
 * tests that count what one request costs (docs/decisions/059-the-proposal-core.md).
 */
export function statementSuite(dialect: Dialect) {
  const statements: string[] = [];
  const suite = demoSuite(dialect, { database: { onStatement: (sql) => void statements.push(sql) } });

  /**
   * What the app sent while `send` ran, with its answer (its status checked). The mailer delivers
   * on its own after the commit: its outbox reads and updates are not the request's, its insert is.
   */
  const answered = async (send: () => Promise<{ statusCode: number; body: string }>, status = 200) => {
    statements.length = 0;
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    const sql = statements.filter((s) => !/"outbox"/.test(s) || /^insert into "outbox"/.test(s));
    return { sql, body: JSON.parse(res.body || 'null') as unknown };
  };
  /** The statements of `send` alone (see answered). */
  const sent = async (send: () => Promise<{ statusCode: number; body: string }>, status = 200) =>
    (await answered(send, status)).sql;

  return { ...suite, statements, answered, sent };
}
