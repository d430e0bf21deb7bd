import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  changePasswordSchema,
  loginNameOf,
  loginSchema,
  recoverSchema,
  resendInvitationSchema,
} from '@portal/domain/auth';
import {
  currentUserResponseSchema,
  invitationResponseSchema,
  joinedResponseSchema,
  sessionResponseSchema,
  signedInResponseSchema,
} from '@portal/domain/auth-api';
import { messageResponseSchema, noContentSchema } from '@portal/domain/api-envelope';
import { API_MESSAGES, apiErrorSchema } from '@portal/domain/api-error';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { errorResponses } from '../../route-schemas';
import { compiledResponse } from '../../plugins/serializer';

const tags = ['auth'];
/** Login and password change both answer with the signed-in user and a new session cookie. */
const signedInResponses = { 200: signedInResponseSchema, ...errorResponses(400, 401, 429) };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Entrar com e-mail ou CPF',
        body: loginSchema,
        response: signedInResponses,
      },
    },
    async (request, reply) => {
      const { token, user } = await app.services.auth.login({
        username: loginNameOf(request.body),
        password: request.body.password,
        type: request.body.type,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(app, reply, token);
      return { data: { user } };
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'Sessão atual (null sem sessão)',
        response: { 200: compiledResponse(sessionResponseSchema) },
      },
    },
    async (request) => {
      const user = await request.sessionUser();
      return { data: user ? { user } : null };
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags,
        summary: 'Usuário atual',
        response: { 200: currentUserResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      return { data: await requireUser(request) };
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sair', response: { 204: noContentSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await app.repos.sessions.deleteSession(token);
      clearSessionCookie(app, reply);
      return reply.status(204).send(null);
    },
  );

  // Always 202, whatever the input (no account enumeration): a malformed body simply does nothing.
  app.post(
    '/recover',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Pedir link de nova senha (sempre 202)',
        body: recoverSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.validationError) await app.services.auth.recover({ ...request.body, ip: request.ip });
      return reply.status(202).send({ data: { message: API_MESSAGES.recoverAccepted } });
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Trocar a senha (com sessão e a senha atual, ou com o token do e-mail)',
        body: changePasswordSchema,
        response: signedInResponses,
      },
    },
    async (request, reply) => {
      const sessionUser = request.body.token ? null : await request.sessionUser();
      const { token, user } = await app.services.auth.changePassword({
        pass: request.body.pass,
        current: request.body.current,
        token: request.body.token,
        sessionUserId: sessionUser?.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (token) setSessionCookie(app, reply, token);
      else clearSessionCookie(app, reply);
      return { data: { user } };
    },
  );

  // The invitation landing (docs/decisions/043-joining.md): read the welcome, set the first password
  // and come in signed in, or ask a new link for an expired one.
  app.get(
    '/invitation',
    {
      schema: {
        tags,
        summary: 'Convite: quem, qual proposta, convidado por quem (o token não é gasto)',
        querystring: z.object({ token: z.string().min(20).max(200) }),
        response: { 200: invitationResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await app.services.auth.readInvitation(request.query.token) };
    },
  );

  app.post(
    '/invitation',
    {
      schema: {
        tags,
        summary: 'Aceitar o convite: criar a primeira senha e entrar',
        body: acceptInvitationSchema,
        response: { 200: joinedResponseSchema, ...errorResponses(400, 410) },
      },
    },
    async (request, reply) => {
      const { token, user, proposalId } = await app.services.auth.acceptInvitation({
        token: request.body.token,
        pass: request.body.pass,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await app.repos.sessions.deleteSession(previous);
      setSessionCookie(app, reply, token);
      return { data: { user, proposalId } };
    },
  );

  app.post(
    '/invitation/resend',
    {
      schema: {
        tags,
        summary: 'Pedir um novo link de convite (para o mesmo e-mail)',
        body: resendInvitationSchema,
        response: { 202: messageResponseSchema, ...errorResponses(400, 410, 429) },
      },
    },
    async (request, reply) => {
      await app.services.auth.resendInvitation({ token: request.body.token, ip: request.ip });
      return reply.status(202).send({ data: { message: API_MESSAGES.invitationResent } });
    },
  );
};
