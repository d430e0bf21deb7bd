import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTooLargeMessage } from '@portal/domain/documents';
import { API_MESSAGES, apiErrorSchema } from '@portal/domain/api-error';
import { serviceUnavailable } from '../../errors';
import { callerOf } from '../../plugins/session';
import { errorResponses } from '../../route-schemas';
import { DOCUMENT_FILE_HEADER, uploadExpired } from './resumable.service';

const tags = ['documents'];
const params = z.object({ uploadId: z.string().regex(/^[a-f0-9]{32}$/) });
const errors = { ...errorResponses(400, 401, 403, 404, 409, 410, 413, 415, 422, 503), 412: apiErrorSchema };

/** The tus server's own refusals (plain English text) in the API's error shape, in Portuguese. */
function tusRefusal(status: number, maxMb: number): { code: string; message: string } {
  if (status === 409)
    return { code: 'upload_offset_mismatch', message: 'O envio saiu de sincronia e será retomado do ponto certo.' };
  if (status === 413) return { code: 'file_too_large', message: fileTooLargeMessage(maxMb) };
  if (status === 404) return { code: 'not_found', message: API_MESSAGES.notFound };
  if (status === 410) return { code: 'upload_expired', message: uploadExpired().message };
  if (status === 412)
    return { code: 'tus_version', message: 'Este navegador usa um protocolo de envio que o portal não aceita.' };
  return { code: 'upload_failed', message: 'Não foi possível receber o arquivo. Tente enviar de novo.' };
}

/** tus answers carry no body (a HEAD never does). */
const empty = (reply: FastifyReply) => reply.send();

/**
 * A PATCH that tus answered without reading its body (a wrong offset after the browser re-sent a
 * cut request, a refusal): Node does not drain a body something began to read, so the browser would
 * keep sending into a stalled socket and never see the answer. Its bytes are read and dropped.
 */
function drainUnread(raw: FastifyRequest['raw']) {
  if (raw.readableEnded || raw.destroyed) return;
  raw.removeAllListeners('data');
  raw.on('data', () => {});
  raw.resume();
}

/**
 * A PATCH's body as the Web stream @tus/server reads (it turns it back into a Node stream for its
 * store). Readable.toWeb would copy every chunk into a new buffer and read ahead of the store:
 * with twenty uploads at once those copies and queued chunks were most of the API's peak memory
 * (docs/decisions/058-api-memory.md). Here each chunk is handed on as the socket delivered it, one
 * at a time, only when the store asks for the next (highWaterMark 0). The bytes are read only by
 * the store, never transferred, so no copy is needed. Cancelling destroys the request, as toWeb does.
 *
 * A connection cut mid-body ends the stream where it stopped instead of failing it: tus then keeps
 * the bytes that arrived, as its own Node adapter does on a request error. Failed, the body made
 * the S3 store drop the part it was filling (everything since the last 5 MiB), so a photo cut off
 * at half started again from zero; the file store kept what it had appended either way.
 */
export function requestBodyStream(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let done = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        raw.resume();
      },
      cancel(reason) {
        done = true;
        raw.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
  raw.pause();
  raw.on('data', (chunk: Buffer) => {
    if (done) return;
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) raw.pause();
  });
  finished(raw, { writable: false }, () => {
    if (done) return;
    done = true;
    // Ended or cut (an error or a premature close): either way the body is what arrived.
    controller.close();
  });
  return body;
}

/** The Fastify request as the Web Request @tus/server's handleWeb takes; a PATCH's body streams through. */
function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const hasBody = request.method === 'PATCH';
  return new Request(`http://${request.host || 'localhost'}${request.url}`, {
    method: request.method,
    headers,
    ...(hasBody ? { body: requestBodyStream(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Resumable uploads on tus 1.0 — core, creation, termination, expiration
 * (docs/decisions/053-resumable-uploads.md, docs/product/documents.md). Mounted inside Fastify:
 * the session and role are checked in onRequest like every route, the upload's owner, proposal and
 * item here, and only then does @tus/server (handleWeb) see the request. Its answer goes back
 * through Fastify, so the security headers and the error shape are the API's.
 */
export const resumableRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.resumableUploads;
  const maxMb = app.config.documents.maxMb;
  // The body of a PATCH is the file's bytes: left unread here, tus streams it to its store.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function send(reply: FastifyReply, response: Response, extra: Record<string, string> = {}) {
    response.headers.forEach((value, name) => {
      // The body is the API's own (JSON error or none): tus's length and text type do not describe it.
      if (!['content-length', 'content-type', 'connection'].includes(name)) reply.header(name, value);
    });
    for (const [name, value] of Object.entries(extra)) reply.header(name, value);
    reply.header('cache-control', 'no-store');
    // tus's own 5xx is its store failing (the folder or the bucket away; a refusal of the API's from a
    // hook was thrown before this): the API's outage answer, a Portuguese 503 with Retry-After. The
    // bytes it holds stay; the client's retry resumes from its HEAD.
    if (response.status >= 500) {
      await response.body?.cancel();
      throw serviceUnavailable('storage_unavailable', API_MESSAGES.storageWriteUnavailable);
    }
    if (response.status >= 400) {
      await response.body?.cancel();
      return reply.status(response.status).send({ error: tusRefusal(response.status, maxMb) });
    }
    await response.body?.cancel();
    return empty(reply.status(response.status));
  }

  // '' and not '/': the tus endpoint is /api/v3/uploads itself (the Location of each upload is below it).
  app.post(
    '',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary:
          'tus 1.0: criar um envio retomável (Upload-Length; Upload-Metadata com proposal, item, filename, filetype, issuedOn)',
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const state = await service.checkCreate(user, {
        metadata: header('upload-metadata'),
        length: header('upload-length'),
      });
      return send(reply, await service.forward(toWebRequest(request), state));
    },
  );

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/:uploadId',
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary:
          method === 'HEAD'
            ? 'tus 1.0: até onde o servidor recebeu (Upload-Offset)'
            : method === 'PATCH'
              ? 'tus 1.0: enviar os próximos bytes; o último cria o documento (Upload-Document-File)'
              : 'tus 1.0: desistir de um envio não terminado',
        params,
        response: { ...errors },
      },
      handler: async (request, reply) => {
        const user = await callerOf(request);
        const state = await service.checkExisting(user, request.params.uploadId, method);
        const row = state.row!;
        const done = service.answerDone(row, method);
        if (done) {
          request.raw.resume();
          return empty(reply.status(done.status).headers(done.headers));
        }
        const response = await service.forward(toWebRequest(request), state).finally(() => drainUnread(request.raw));
        if (method === 'HEAD' && response.status === 200) {
          const fileId = await service.completeIfDue(user, row, Number(response.headers.get('upload-offset')));
          if (fileId) return send(reply, response, { [DOCUMENT_FILE_HEADER.toLowerCase()]: fileId });
        }
        return send(reply, response);
      },
    });
  }
};
