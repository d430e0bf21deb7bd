/**
 * The back office (docs/product/back-office.md): the operator's new-proposal form, the list's
 * query, the status and stage rules with their Portuguese refusals, who sees which history entry,
 * the operators' own accounts, the audit log and the outbox, one file per topic. Pure: the same
 * rules run in the browser and in the API.
 */

export * from './backoffice-new-proposal';
export * from './proposal-codes';
export * from './proposal-search';
export * from './backoffice-list';
export * from './status-changes';
export * from './history-audience';
export * from './operators';
export * from './audit-log';
export * from './outbox';
