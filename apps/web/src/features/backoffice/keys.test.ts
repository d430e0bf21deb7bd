import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { proposalKeys } from '../../lib/proposals-api';
import { backofficeKeys } from './keys';

const invalidated = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

describe('backofficeKeys', () => {
  it("refreshing the proposal list refreshes every page of it and each proposal's reminders, not the rest", () => {
    const client = new QueryClient();
    const keys = [
      backofficeKeys.proposalList('page=1'),
      backofficeKeys.proposalList(''),
      backofficeKeys.proposalReminders('p1'),
    ];
    const others = [backofficeKeys.proposal('p1'), backofficeKeys.queuePage(''), backofficeKeys.notes('p1')];
    for (const key of [...keys, ...others]) client.setQueryData(key, {});
    void client.invalidateQueries({ queryKey: backofficeKeys.proposals(), refetchType: 'none' });
    for (const key of keys) expect(invalidated(client, key), JSON.stringify(key)).toBe(true);
    for (const key of others) expect(invalidated(client, key), JSON.stringify(key)).toBe(false);
  });

  it("the operator's view of a proposal is not refreshed by a party's change to it (it is the back office's own resource)", () => {
    const client = new QueryClient();
    client.setQueryData(backofficeKeys.proposal('p1'), {});
    void client.invalidateQueries({ queryKey: proposalKeys.all, refetchType: 'none' });
    expect(invalidated(client, backofficeKeys.proposal('p1'))).toBe(false);
  });
});
