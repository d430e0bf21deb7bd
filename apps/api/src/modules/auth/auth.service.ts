import type { Kysely } from 'kysely';
import { API_MESSAGES } from '@portal/domain/api-error';
import { normalizeUsername, type Role } from '@portal/domain/auth';
import type { Database } from '../../db/schema';
import { HttpError, rateLimited, unauthenticated } from '../../errors';
import { hashPassword, verifyPassword } from './password';
import type { RateLimiter } from './rate-limit';
import type { SessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';
import { createPasswordTokensRepository } from './password-tokens.repository';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { recordAudit } from '../audit/audit';

/** 10 wrong passwords per account per minute (issue 2); attempts per IP per minute come from config. */
export const LOGIN_LIMITS = { windowMs: 60_000, perAccount: 10 } as const;
const RECOVER_LIMITS = { windowMs: 15 * 60_000, perEmail: 3, perIp: 20 } as const;
export const RECOVER_TOKEN_TTL_MS = 30 * 60_000;

interface Deps {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  publicUrl: string;
  loginIpLimit: number;
}

export function createAuthService(deps: Deps) {
  const users = createUsersRepository(deps.db);
  const tokens = createPasswordTokensRepository(deps.db);

  return {
    /** Checks the credentials and opens a session; returns the user and the new cookie token. */
    async login(args: {
      username: string;
      password: string;
      type: Role;
      ip: string;
      userAgent: string | null;
      previousToken?: string;
    }) {
      const ipCount = await deps.limiter.hit(`login:ip:${args.ip}`, LOGIN_LIMITS.windowMs);
      if (ipCount > deps.loginIpLimit) throw rateLimited(LOGIN_LIMITS.windowMs / 1000);

      const who = normalizeUsername(args.username);
      const user = await users.findUserByLogin({ role: args.type, ...who });
      // Counted per account, whichever of its names (e-mail or CPF) is typed; per name when none matches.
      const accountKey = user
        ? `login:acct:${user.id}`
        : `login:name:${args.type}:${'email' in who ? who.email : who.cpf}`;
      const failures = await deps.limiter.peek(accountKey, LOGIN_LIMITS.windowMs);
      if (failures >= LOGIN_LIMITS.perAccount) throw rateLimited(LOGIN_LIMITS.windowMs / 1000);

      const ok = await verifyPassword(user?.password_hash ?? null, args.password);
      if (!user || !ok) {
        await deps.limiter.hit(accountKey, LOGIN_LIMITS.windowMs);
        await recordAudit(deps.db, { actorId: user?.id ?? null, action: 'login.failed', ip: args.ip });
        throw new HttpError(401, 'invalid_credentials', API_MESSAGES.invalidCredentials);
      }
      // Rotation: a session token that existed before login never survives it.
      if (args.previousToken) await deps.sessions.deleteSession(args.previousToken);
      const token = await deps.sessions.createSession({ userId: user.id, ip: args.ip, userAgent: args.userAgent });
      await deps.limiter.reset(accountKey);
      await recordAudit(deps.db, { actorId: user.id, action: 'login', ip: args.ip });
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },

    /**
     * Queues a one-time link when e-mail and CPF match an account. Says nothing either way
     * (the route always answers 202), and stays quiet past a per-address limit.
     */
    async recover(args: { email: string; cpf: string; ip: string }) {
      const ipCount = await deps.limiter.hit(`recover:ip:${args.ip}`, RECOVER_LIMITS.windowMs);
      const emailCount = await deps.limiter.hit(`recover:email:${args.email}`, RECOVER_LIMITS.windowMs);
      const user = await users.findUserByEmailAndCpf(args.email, args.cpf);
      if (!user || ipCount > RECOVER_LIMITS.perIp || emailCount > RECOVER_LIMITS.perEmail) return;
      await deps.db.transaction().execute(async (tx) => {
        const token = await tokens.issueToken({ userId: user.id, purpose: 'recover', ttlMs: RECOVER_TOKEN_TTL_MS }, tx);
        const link = `${deps.publicUrl}/buyer/change-password?token=${token}`;
        await enqueueMail(tx, {
          to: user.email,
          kind: 'recover',
          subject: 'Redefinição de senha — Portal de Propostas',
          text: [
            `Olá, ${user.name.split(' ')[0]}.`,
            '',
            'Recebemos um pedido para criar uma nova senha no Portal de Propostas.',
            'Para continuar, abra o link abaixo (válido por 30 minutos e por um único uso):',
            '',
            link,
            '',
            'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
          ].join('\n'),
        });
        await recordAudit(tx, { actorId: user.id, action: 'password.recover_requested', ip: args.ip });
      });
      deps.mailer.kick();
    },

    /**
     * Changes the password with an e-mailed token (no session needed) or with the current session.
     * Every session of the user ends; with a session, a fresh one is returned so the user stays in.
     */
    async changePassword(args: {
      pass: string;
      token?: string;
      sessionUserId: string | null;
      ip: string;
      userAgent: string | null;
    }) {
      const passwordHash = await hashPassword(args.pass);
      const userId = await deps.db.transaction().execute(async (tx) => {
        let id: string | null;
        if (args.token) {
          id = await tokens.consumeToken(args.token, tx);
          if (!id)
            throw new HttpError(400, 'invalid_token', API_MESSAGES.invalidToken, { token: API_MESSAGES.invalidToken });
        } else {
          id = args.sessionUserId;
          if (!id) throw unauthenticated();
        }
        await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: Date.now() })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await recordAudit(tx, { actorId: id, action: 'password.changed', ip: args.ip });
        return id;
      });
      const user = (await users.findUserById(userId))!;
      const token = args.token
        ? null
        : await deps.sessions.createSession({ userId, ip: args.ip, userAgent: args.userAgent });
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
