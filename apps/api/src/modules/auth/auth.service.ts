import type { Kysely, Transaction } from 'kysely';
import type { ValidityKind } from '@portal/domain/documents';
import type { Invitation } from '@portal/domain/auth-api';
import { API_MESSAGES } from '@portal/domain/api-error';
import { CURRENT_PASSWORD_WRONG, normalizeUsername, type Role } from '@portal/domain/auth';
import type { Database } from '../../db/schema';
import { HttpError, unauthenticated } from '../../errors';
import { hashPassword, verifyPassword } from './password';
import type { RateLimiter } from './rate-limit';
import { checkPasswordWithLimits } from './login-guard';
import type { SessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';
import { createPasswordTokensRepository } from './password-tokens.repository';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { recordAudit } from '../audit/audit';
import { refreshQueueWaitsOfUser } from '../proposals/queue-waits';
import { issueAccountToken, queueAccountMail } from '../invitations/accounts';
import { propertyPlaceOf } from '../invitations/mails';
import { findInvitedProposal } from '../proposals/queries/invitations';
import { firstName } from '../mail/greeting';

const RECOVER_LIMITS = { windowMs: 15 * 60_000, perEmail: 3, perIp: 20 } as const;

interface Deps {
  db: Kysely<Database>;
  sessions: SessionsRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  publicUrl: string;
  loginIpLimit: number;
  /** The documents' validity, for the operators' queue waits an accepted invitation refreshes. */
  validityDays: Record<ValidityKind, number>;
}

export function createAuthService(deps: Deps) {
  const users = createUsersRepository(deps.db);
  const tokens = createPasswordTokensRepository(deps.db);
  const guard = { limiter: deps.limiter, ipLimit: deps.loginIpLimit };

  /** A session alone does not change a password: the current one is asked for and counted like a login. */
  async function checkCurrentPassword(args: { current?: string; sessionUserId: string | null; ip: string }) {
    if (!args.sessionUserId) throw unauthenticated();
    if (!args.current) throw new HttpError(400, 'validation', API_MESSAGES.validation, { current: 'Obrigatório' });
    const user = await users.findUserById(args.sessionUserId);
    if (!user) throw unauthenticated();
    const ok = await checkPasswordWithLimits(guard, {
      accountKey: `login:acct:${user.id}`,
      ip: args.ip,
      verify: () => verifyPassword(user.password_hash, args.current!),
    });
    if (!ok) {
      await recordAudit(deps.db, { actorId: user.id, action: 'password.change_refused', ip: args.ip });
      throw new HttpError(400, 'wrong_current_password', API_MESSAGES.wrongCurrentPassword, {
        current: CURRENT_PASSWORD_WRONG,
      });
    }
  }

  /**
   * An invitation's token and its state: open, used (or the account already has a password) or
   * expired. An unknown token, or a recovery link, is no invitation (400).
   */
  async function findInvitation(token: string, tx: Kysely<Database> | Transaction<Database> = deps.db) {
    const row = await tokens.findToken(token, tx);
    if (!row || row.purpose !== 'invite')
      throw new HttpError(400, 'invitation_invalid', API_MESSAGES.invitationInvalid, {
        token: API_MESSAGES.invitationInvalid,
      });
    const user = await tx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'password_hash'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (!user)
      throw new HttpError(400, 'invitation_invalid', API_MESSAGES.invitationInvalid, {
        token: API_MESSAGES.invitationInvalid,
      });
    const state: Invitation['state'] =
      row.used_at !== null || user.password_hash ? 'used' : row.expires_at <= Date.now() ? 'expired' : 'open';
    return { row, user, state };
  }

  /** The same, for spending it: anything but an open invitation is refused with its way on. */
  async function usableInvitation(token: string, tx: Kysely<Database> | Transaction<Database> = deps.db) {
    const found = await findInvitation(token, tx);
    if (found.state === 'used') throw new HttpError(410, 'invitation_used', API_MESSAGES.invitationUsed);
    if (found.state === 'expired') throw new HttpError(410, 'invitation_expired', API_MESSAGES.invitationExpired);
    return found;
  }

  async function invitationView(
    row: { proposal_id: string | null; invited_by: string | null },
    user: { name: string; email: string; role: Role },
    state: Invitation['state'],
    tx: Kysely<Database> | Transaction<Database> = deps.db,
  ): Promise<Invitation> {
    const proposal = row.proposal_id ? await findInvitedProposal(tx, row.proposal_id) : undefined;
    const inviter = row.invited_by
      ? await tx.selectFrom('users').select(['name', 'role']).where('id', '=', row.invited_by).executeTakeFirst()
      : undefined;
    return {
      state,
      name: user.name,
      email: user.email,
      role: user.role,
      proposal: proposal
        ? { id: proposal.id, code: proposal.code, type: proposal.type, ...propertyPlaceOf(proposal.property) }
        : null,
      invitedBy: inviter ? { name: inviter.name, role: inviter.role } : null,
    };
  }

  return {
    /** The invitation landing's welcome: who, which proposal, invited by whom (the token is not spent). */
    async readInvitation(token: string): Promise<Invitation> {
      const { row, user, state } = await findInvitation(token);
      // A used link shows only where to log in: its proposal is no longer the link's business.
      if (state === 'used')
        return { state, name: user.name, email: user.email, role: user.role, proposal: null, invitedBy: null };
      return invitationView(row, user, state);
    },

    /**
     * The first password of an invited person, asked once: spends the token, sets the password,
     * opens a session and names the proposal to open. No "password changed" e-mail: nothing was
     * changed (a later change still sends it).
     */
    async acceptInvitation(args: { token: string; pass: string; ip: string; userAgent: string | null }) {
      await usableInvitation(args.token);
      const passwordHash = await hashPassword(args.pass);
      const { user, proposalId } = await deps.db.transaction().execute(async (tx) => {
        const { row, user } = await usableInvitation(args.token, tx);
        const spent = await tokens.consumeToken(args.token, tx);
        if (spent !== user.id) throw new HttpError(410, 'invitation_used', API_MESSAGES.invitationUsed);
        // Only an account without a password gets one this way (a racing second tab finds it set).
        const set = await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: Date.now() })
          .where('id', '=', user.id)
          .where('password_hash', 'is', null)
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) !== 1) throw new HttpError(410, 'invitation_used', API_MESSAGES.invitationUsed);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'invitation.accepted',
          subject: row.proposal_id ? `proposal:${row.proposal_id}` : null,
          ip: args.ip,
        });
        // The person is in: their proposals no longer wait on the team for this invitation.
        await refreshQueueWaitsOfUser(tx, user.id, deps.validityDays);
        return { user, proposalId: row.proposal_id };
      });
      const token = await deps.sessions.createSession({ userId: user.id, ip: args.ip, userAgent: args.userAgent });
      return {
        token,
        user: { id: user.id, name: user.name, email: user.email, role: user.role },
        proposalId,
      };
    },

    /**
     * A new link for an invitation that expired unused, e-mailed to the invited address only (the
     * old link proves the person read that mailbox). A few per hour per account.
     */
    async resendInvitation(args: { token: string; ip: string }) {
      const { row, user, state } = await findInvitation(args.token);
      if (state === 'used') throw new HttpError(410, 'invitation_used', API_MESSAGES.invitationUsed);
      const limit = await deps.limiter.take(`invite-resend:${user.id}`, { windowMs: 60 * 60_000, limit: 3 });
      if (!limit.allowed) throw new HttpError(429, 'rate_limited', API_MESSAGES.rateLimited);
      await deps.db.transaction().execute(async (tx) => {
        const token = await issueAccountToken(tx, {
          userId: user.id,
          purpose: 'invite',
          proposalId: row.proposal_id,
          invitedBy: row.invited_by,
        });
        const view = await invitationView(row, user, 'open', tx);
        await queueAccountMail(tx, {
          kind: 'invite',
          name: user.name,
          email: user.email,
          role: user.role,
          token,
          publicUrl: deps.publicUrl,
          inviter: view.invitedBy,
          proposal: view.proposal,
        });
        await recordAudit(tx, { actorId: user.id, action: 'invitation.resent', ip: args.ip });
      });
      deps.mailer.kick();
    },

    /** Checks the credentials and opens a session; returns the user and the new cookie token. */
    async login(args: {
      username: string;
      password: string;
      type: Role;
      ip: string;
      userAgent: string | null;
      previousToken?: string;
    }) {
      const who = normalizeUsername(args.username);
      const user = await users.findUserByLogin({ role: args.type, ...who });
      // Counted per account, whichever of its names (e-mail or CPF) is typed; per name when none matches.
      const accountKey = user
        ? `login:acct:${user.id}`
        : `login:name:${args.type}:${'email' in who ? who.email : who.cpf}`;
      const ok = await checkPasswordWithLimits(guard, {
        accountKey,
        ip: args.ip,
        verify: () => verifyPassword(user?.password_hash ?? null, args.password),
      });
      if (!user || !ok) {
        await recordAudit(deps.db, { actorId: user?.id ?? null, action: 'login.failed', ip: args.ip });
        throw new HttpError(401, 'invalid_credentials', API_MESSAGES.invalidCredentials);
      }
      // Rotation: a session token that existed before login never survives it.
      if (args.previousToken) await deps.sessions.deleteSession(args.previousToken);
      const token = await deps.sessions.createSession({ userId: user.id, ip: args.ip, userAgent: args.userAgent });
      await recordAudit(deps.db, { actorId: user.id, action: 'login', ip: args.ip });
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },

    /**
     * Queues a one-time link when e-mail and CPF match an account. Says nothing either way
     * (the route always answers 202), and stays quiet past a per-address limit.
     */
    async recover(args: { email: string; cpf: string; ip: string }) {
      const { windowMs } = RECOVER_LIMITS;
      const byIp = await deps.limiter.take(`recover:ip:${args.ip}`, { windowMs, limit: RECOVER_LIMITS.perIp });
      const byEmail = await deps.limiter.take(`recover:email:${args.email}`, {
        windowMs,
        limit: RECOVER_LIMITS.perEmail,
      });
      const user = await users.findUserByEmailAndCpf(args.email, args.cpf);
      if (!user || !byIp.allowed || !byEmail.allowed) return;
      await deps.db.transaction().execute(async (tx) => {
        const token = await issueAccountToken(tx, { userId: user.id, purpose: 'recover' });
        await queueAccountMail(tx, {
          kind: 'recover',
          name: user.name,
          email: user.email,
          token,
          publicUrl: deps.publicUrl,
        });
        await recordAudit(tx, { actorId: user.id, action: 'password.recover_requested', ip: args.ip });
      });
      deps.mailer.kick();
    },

    /**
     * Changes the password with an e-mailed token (no session needed) or with the current session
     * and the current password, which is checked under the login limits. Every session of the user
     * ends (with a session, a fresh one is returned so the user stays in) and the owner is e-mailed.
     */
    async changePassword(args: {
      pass: string;
      current?: string;
      token?: string;
      sessionUserId: string | null;
      ip: string;
      userAgent: string | null;
    }) {
      if (!args.token) await checkCurrentPassword(args);
      const passwordHash = await hashPassword(args.pass);
      const user = await deps.db.transaction().execute(async (tx) => {
        let id: string | null;
        if (args.token) {
          id = await tokens.consumeToken(args.token, tx);
          if (!id)
            throw new HttpError(400, 'invalid_token', API_MESSAGES.invalidToken, { token: API_MESSAGES.invalidToken });
        } else {
          id = args.sessionUserId!;
        }
        const before = await tx
          .selectFrom('users')
          .select(['id', 'name', 'email', 'role', 'password_hash'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: Date.now() })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
        const { password_hash: previous, ...changed } = before;
        // A first password (an invited account that never had one) changed nothing: no alarm e-mail.
        if (previous) {
          await enqueueMail(tx, passwordChangedMail(changed, deps.publicUrl));
          await recordAudit(tx, { actorId: id, action: 'password.changed', ip: args.ip });
        } else {
          await recordAudit(tx, { actorId: id, action: 'password.created', ip: args.ip });
          await refreshQueueWaitsOfUser(tx, id, deps.validityDays);
        }
        return changed;
      });
      deps.mailer.kick();
      const token = args.token
        ? null
        : await deps.sessions.createSession({ userId: user.id, ip: args.ip, userAgent: args.userAgent });
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },
  };
}
/** The notice after any password change: the owner learns of it and can take the account back. */
function passwordChangedMail(user: { name: string; email: string }, publicUrl: string) {
  return {
    to: user.email,
    kind: 'password_changed',
    subject: 'Sua senha foi alterada — Portal de Propostas',
    text: [
      `Olá, ${firstName(user.name)}.`,
      '',
      'A senha da sua conta no Portal de Propostas acabou de ser alterada, e as sessões abertas foram encerradas.',
      '',
      'Não foi você? Peça agora uma nova senha por este link e troque-a:',
      '',
      `${publicUrl}/buyer/recover`,
      '',
      'Se foi você, nada mais a fazer.',
    ].join('\n'),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
