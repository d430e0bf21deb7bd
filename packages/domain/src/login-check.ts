import { isValidCpf } from './cpf';
import { MESSAGES } from './messages';

/** The message of a login name that is neither an e-mail nor a valid CPF (the login schema's own). */
export const LOGIN_NAME_INVALID = 'Insira um e-mail ou CPF válido';

/** zod's e-mail pattern, so this check and the login schema agree on what an e-mail is. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * What the login screen checks before it sends anything, without zod (the screen is the first page
 * a phone loads, and the schema library is the heaviest part of it): a login name and a password
 * are there, and the login name is an e-mail or a valid CPF. Lengths and everything else are the
 * server's, which validates with loginSchema and answers each field's message.
 */
export function checkLoginForm(values: {
  username: string;
  password: string;
}): Partial<Record<'username' | 'password', string>> {
  const errors: Partial<Record<'username' | 'password', string>> = {};
  const name = values.username.trim();
  if (name === '') errors.username = MESSAGES.required;
  else if (name.length <= 254 && !(name.includes('@') ? EMAIL.test(name) : isValidCpf(name)))
    errors.username = LOGIN_NAME_INVALID;
  if (values.password === '') errors.password = MESSAGES.required;
  return errors;
}
