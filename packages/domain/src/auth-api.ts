import { z } from 'zod';
import { dataOf } from './api-envelope';
import { sessionUserSchema } from './auth';

/** The signed-in user after a login or a password change. */
export const signedInResponseSchema = dataOf(z.object({ user: sessionUserSchema }));
/** The session's user, or null without a session (GET /auth/session). */
export const sessionResponseSchema = dataOf(z.object({ user: sessionUserSchema }).nullable());
/** The session's user; 401 without a session (GET /auth/user). */
export const currentUserResponseSchema = dataOf(sessionUserSchema);
