import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { isConnectionFailure, leavingMessage, sentText, storedSince } from './upload-queue';

describe('isConnectionFailure', () => {
  it('a network error or a stalled upload waits for the connection', () => {
    expect(isConnectionFailure(new ApiRequestError(0, 'network', 'x'))).toBe(true);
    expect(isConnectionFailure(new ApiRequestError(0, 'timeout', 'x'))).toBe(true);
  });

  it('the portal out of reach behind its gateway, or without its database, waits too', () => {
    for (const status of [502, 503, 504]) expect(isConnectionFailure(new ApiRequestError(status, 'x', 'x'))).toBe(true);
  });

  it('an answer of the server is no connection problem: the file does not wait', () => {
    expect(isConnectionFailure(new ApiRequestError(500, 'internal', 'x'))).toBe(false);
    expect(isConnectionFailure(new ApiRequestError(413, 'file_too_large', 'x'))).toBe(false);
    expect(isConnectionFailure(new ApiRequestError(422, 'network', 'x'))).toBe(false);
    expect(isConnectionFailure(new Error('network'))).toBe(false);
    expect(isConnectionFailure(new DOMException('Envio cancelado.', 'AbortError'))).toBe(false);
  });
});

describe('sentText', () => {
  it('says how much of the file has left, as people read sizes', () => {
    expect(sentText(0, 3.4 * 1024 * 1024)).toBe('0 B de 3,4 MB');
    expect(sentText(0.353, 3.4 * 1024 * 1024)).toBe('1,2 MB de 3,4 MB');
    expect(sentText(0.5, 3072)).toBe('1,5 KB de 3 KB');
  });

  it('stays within the file', () => {
    expect(sentText(1.5, 1000)).toBe('1000 B de 1000 B');
    expect(sentText(-1, 1000)).toBe('0 B de 1000 B');
  });
});

describe('storedSince', () => {
  const files = [
    { id: 'a', name: 'paginas.pdf', size: 100 },
    { id: 'b', name: 'rg.jpg', size: 200 },
  ];

  it('finds a new file with the same name and size', () => {
    expect(storedSince(new Set(['a']), files, 'rg.jpg', 200)).toBe(true);
  });

  it('ignores the files the item already had, and files that differ', () => {
    expect(storedSince(new Set(['a', 'b']), files, 'rg.jpg', 200)).toBe(false);
    expect(storedSince(new Set(['a']), files, 'rg.jpg', 201)).toBe(false);
    expect(storedSince(new Set(['a']), files, 'RG.jpg', 200)).toBe(false);
  });
});

describe('leavingMessage', () => {
  it('says what leaving would lose, in agreement', () => {
    expect(leavingMessage(3, 0)).toBe('3 páginas não enviadas. Se sair agora, não serão enviadas.');
    expect(leavingMessage(1, 0)).toBe('1 página não enviada. Se sair agora, não será enviada.');
    expect(leavingMessage(0, 1)).toBe('1 arquivo aguardando conexão. Se sair agora, não será enviado.');
    expect(leavingMessage(0, 2)).toBe('2 arquivos aguardando conexão. Se sair agora, não serão enviados.');
    expect(leavingMessage(2, 1)).toBe(
      '2 páginas não enviadas e 1 arquivo aguardando conexão. Se sair agora, não serão enviados.',
    );
  });
});
