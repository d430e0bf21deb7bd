import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentKeys, documentsQueryOptions } from './documents-api';
import { financingKeys } from './financing-api';
import { progressKeys, progressQueryOptions } from './progress-api';
import { proposalKeys, proposalQueryOptions } from './proposals-api';
import { sectionKeys, sectionQueryOptions } from './sections-api';
import { sellerPartKeys } from './seller-api';

/* The key factories (docs/decisions/062-web-data-layer.md): what a query asks and where its answer is cached. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(data: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

describe('query options', () => {
  it("a section is asked for with its buyer and cached under the section's one key", async () => {
    const fetchMock = answering({ key: 'data', values: null });
    const client = new QueryClient();
    await client.fetchQuery(sectionQueryOptions('p 1', 'data', 2));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v3/proposals/p%201/sections/data?buyer=2');
    expect(client.getQueryData(sectionKeys.detail('p 1', 'data', 2))).toEqual({ key: 'data', values: null });
  });

  it('a section of the proposal or of the seller has no buyer in its request', async () => {
    const fetchMock = answering({ key: 'seller-address' });
    await new QueryClient().fetchQuery(sectionQueryOptions('p1', 'seller-address', null));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v3/proposals/p1/sections/seller-address');
  });

  it('the progress, the documents and the proposal are read from their own routes', async () => {
    const fetchMock = answering({});
    const client = new QueryClient();
    await client.fetchQuery(progressQueryOptions('p1'));
    await client.fetchQuery(documentsQueryOptions('p1'));
    await client.fetchQuery(proposalQueryOptions('p1'));
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/v3/proposals/p1/progress',
      '/api/v3/proposals/p1/documents',
      '/api/v3/proposals/p1',
    ]);
  });
});

describe('key factories', () => {
  it("a change to any proposal refreshes everything read about one: every part's key is under its proposal's", () => {
    const client = new QueryClient();
    const parts = [
      sectionKeys.list('p1'),
      sectionKeys.detail('p1', 'data', 1),
      progressKeys.detail('p1'),
      financingKeys.detail('p1'),
      documentKeys.list('p1'),
      documentKeys.events('p1'),
      sellerPartKeys.detail('p1'),
      proposalKeys.history('p1'),
    ];
    for (const key of parts) client.setQueryData(key, {});
    void client.invalidateQueries({ queryKey: proposalKeys.detail('p1'), refetchType: 'none' });
    for (const key of parts) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
  });

  it("another proposal's parts are left alone", () => {
    const client = new QueryClient();
    client.setQueryData(sectionKeys.detail('p2', 'data', 1), {});
    void client.invalidateQueries({ queryKey: proposalKeys.detail('p1'), refetchType: 'none' });
    expect(invalidated(client, sectionKeys.detail('p2', 'data', 1))).toBe(false);
  });

  it("the documents' events go with the documents; the documents do not go with their events", () => {
    const client = new QueryClient();
    client.setQueryData(documentKeys.list('p1'), {});
    client.setQueryData(documentKeys.events('p1'), []);
    void client.invalidateQueries({ queryKey: documentKeys.events('p1'), refetchType: 'none' });
    expect(invalidated(client, documentKeys.list('p1'))).toBe(false);
    expect(invalidated(client, documentKeys.events('p1'))).toBe(true);
  });
});
