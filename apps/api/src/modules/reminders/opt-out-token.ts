import type { Executor } from '../../db/database';
import { randomToken, sha256 } from '../../crypto';

/**
 * A new opt-out link's token for one person, stored hashed: every reminder and every expiry
 * notice carries one, so "não quero mais lembretes" works from any of them
 * (docs/decisions/049-reminders-and-metrics.md). Returns the token the mail's link carries.
 */
export async function issueOptOutToken(tx: Executor, userId: string, now: number): Promise<string> {
  const token = randomToken();
  await tx
    .insertInto('reminder_tokens')
    .values({ id: sha256(token), user_id: userId, created_at: now })
    .execute();
  return token;
}
