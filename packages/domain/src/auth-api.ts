import { z } from 'zod';
import { dataOf } from './api-envelope';
import { roleSchema, sessionUserSchema } from './auth';
import { PROPOSAL_TYPES } from './proposal';

/** The signed-in user after a login or a password change. */
export const signedInResponseSchema = dataOf(z.object({ user: sessionUserSchema }));
/** The session's user, or null without a session (GET /auth/session). */
export const sessionResponseSchema = dataOf(z.object({ user: sessionUserSchema }).nullable());
/** The session's user; 401 without a session (GET /auth/user). */
export const currentUserResponseSchema = dataOf(sessionUserSchema);

/**
 * What the invitation landing shows before the first password (GET /auth/invitation?token=): who is
 * welcomed, in which role, to which proposal, invited by whom. An operator's invitation names no
 * proposal; a used one names neither proposal nor inviter.
 */
export const invitationSchema = z.object({
  /** open: the first password may be set; expired: a new link may be asked; used: log in instead. */
  state: z.enum(['open', 'expired', 'used']),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  proposal: z
    .object({
      id: z.string(),
      code: z.string(),
      type: z.enum(PROPOSAL_TYPES),
      city: z.string().nullable(),
      uf: z.string().nullable(),
    })
    .nullable(),
  invitedBy: z.object({ name: z.string(), role: roleSchema }).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = dataOf(invitationSchema);

/** After the first password: the signed-in user and the proposal to open (null for operators). */
export const joinedResponseSchema = dataOf(z.object({ user: sessionUserSchema, proposalId: z.string().nullable() }));
