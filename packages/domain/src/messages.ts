/**
 * The product's four Portuguese messages (docs/product/forms.md), layered over zod's own messages.
 * docs/product/forms.md says every other generic message stays as zod writes it (English, e.g. 'Invalid input');
 * in practice no user sees one because every field rule in this package carries its own Portuguese
 * message.
 */
export const MESSAGES = {
  required: 'Obrigatório',
  email: 'Insira um e-mail válido',
  pattern: 'Insira um valor válido',
  format: (format: string) => `Insira um ${format} válido`,
} as const;
