/**
 * How the back office's list of proposals can be sorted, and the labels, without the schema
 * library: the list screen loads no schema (docs/decisions/056-low-tier-phones.md).
 * backoffice-list.ts re-exports them with the list's query schema.
 */
export const LIST_SORTS = ['updatedAt', 'createdAt', 'code', 'fillingStatus'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_SORT_LABELS: Record<ListSort, string> = {
  updatedAt: 'Última atualização',
  createdAt: 'Criação',
  code: 'Código',
  fillingStatus: 'Preenchimento',
};
