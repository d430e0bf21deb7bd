/** The three kinds of account; a module of its own so the login screen reads them without zod. */
export const ROLES = ['buyer', 'seller', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  buyer: 'Comprador',
  seller: 'Vendedor',
  operator: 'Operador',
};
