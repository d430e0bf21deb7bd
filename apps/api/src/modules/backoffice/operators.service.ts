import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { Operator, Permission } from '@portal/domain/backoffice';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { findOrCreateUser, issueAccountToken, queueAccountMail } from '../invitations/accounts';
import type { Mailer } from '../mail/outbox';

export const GRANT_OWN_ONLY = 'Você só pode conceder permissões que você mesmo tem.';
export const EMAIL_TAKEN = 'Este e-mail já tem uma conta no portal';

/**
 * Operators create operators (nobody else can; the route checks the role). A new operator gets a
 * set-password e-mail, as invited buyers do; a permission can only be granted by someone who has it.
 */
export function createOperatorsService(deps: { db: Kysely<Database>; mailer: Mailer; publicUrl: string }) {
  async function permissionsOf(userId: string, db: Kysely<Database> = deps.db): Promise<Permission[]> {
    const rows = await db
      .selectFrom('operator_permissions')
      .select('permission')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.permission as Permission);
  }

  return {
    permissionsOf,

    async listOperators(): Promise<Operator[]> {
      const users = await deps.db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'password_hash', 'created_at'])
        .where('role', '=', 'operator')
        .orderBy('name')
        .execute();
      const perms = users.length
        ? await deps.db
            .selectFrom('operator_permissions')
            .select(['user_id', 'permission'])
            .where(
              'user_id',
              'in',
              users.map((u) => u.id),
            )
            .execute()
        : [];
      return users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        canViewHealth: perms.some((p) => p.user_id === u.id && p.permission === 'health:read'),
        active: u.password_hash !== null,
        createdAt: new Date(u.created_at).toISOString(),
      }));
    },

    async createOperator(
      actor: SessionUser,
      input: { name: string; email: string; canViewHealth: boolean },
      ip: string | null,
    ): Promise<Operator> {
      if (input.canViewHealth && !(await permissionsOf(actor.id)).includes('health:read')) {
        throw new HttpError(403, 'forbidden', GRANT_OWN_ONLY, { canViewHealth: GRANT_OWN_ONLY });
      }
      const created = await deps.db.transaction().execute(async (tx) => {
        const now = Date.now();
        const user = await findOrCreateUser(tx, {
          role: 'operator',
          name: input.name,
          email: input.email,
          cpf: null,
          emailAcrossRoles: true,
          now,
        });
        if (!user.created) throw new HttpError(409, 'email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN });
        const id = user.id;
        if (input.canViewHealth)
          await tx
            .insertInto('operator_permissions')
            .values({ user_id: id, permission: 'health:read', granted_by: actor.id, granted_at: now })
            .execute();
        const token = await issueAccountToken(tx, { userId: id, purpose: 'invite', invitedBy: actor.id });
        await queueAccountMail(tx, {
          kind: 'invite',
          name: input.name,
          email: input.email,
          role: 'operator',
          token,
          publicUrl: deps.publicUrl,
          inviter: { name: actor.name, role: 'operator' },
          proposal: null,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'operator.created',
          subject: `user:${id}`,
          ip,
          detail: input.canViewHealth ? 'health:read' : null,
        });
        return {
          id,
          name: input.name,
          email: input.email,
          canViewHealth: input.canViewHealth,
          active: false,
          createdAt: new Date(now).toISOString(),
        };
      });
      deps.mailer.kick();
      return created;
    },

    async setHealthPermission(
      actor: SessionUser,
      operatorId: string,
      canViewHealth: boolean,
      ip: string | null,
    ): Promise<void> {
      if (!(await permissionsOf(actor.id)).includes('health:read'))
        throw new HttpError(403, 'forbidden', GRANT_OWN_ONLY);
      await deps.db.transaction().execute(async (tx) => {
        const target = await tx
          .selectFrom('users')
          .select('id')
          .where('id', '=', operatorId)
          .where('role', '=', 'operator')
          .executeTakeFirst();
        if (!target) throw notFound();
        await tx
          .deleteFrom('operator_permissions')
          .where('user_id', '=', operatorId)
          .where('permission', '=', 'health:read')
          .execute();
        if (canViewHealth)
          await tx
            .insertInto('operator_permissions')
            .values({ user_id: operatorId, permission: 'health:read', granted_by: actor.id, granted_at: Date.now() })
            .execute();
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'operator.permissions_changed',
          subject: `user:${operatorId}`,
          ip,
          detail: canViewHealth ? '+health:read' : '-health:read',
        });
      });
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
