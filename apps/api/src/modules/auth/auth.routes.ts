import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginNameOf, loginSchema, recoverSchema } from '@portal/domain/auth';
import { currentUserResponseSchema, sessionResponseSchema, signedInResponseSchema } from '@portal/domain/auth-api';
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
};
