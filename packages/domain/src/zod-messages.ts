import { z } from 'zod';
import { MESSAGES } from './messages';

export { MESSAGES } from './messages';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

export function portalErrorMap(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      // A value that is absent (undefined, or null where null is not allowed) is "missing", whether
      // a text, a number, an option of an enum (a select left empty) or a union was expected.
      if (issue.input === undefined || issue.input === null) return MESSAGES.required;
      return undefined;
    case 'too_small':
      // An empty text, or an empty list, on a required field is also "missing".
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return MESSAGES.required;
      return undefined;
    case 'invalid_format':
      if (issue.format === 'email') return MESSAGES.email;
      if (issue.format === 'regex') return MESSAGES.pattern;
      return MESSAGES.format(issue.format);
    default:
      return undefined;
  }
}

let installed = false;
/** Installs the error map once per process (browser or server). Idempotent. */
export function installZodMessages(): void {
  if (installed) return;
  z.config({ customError: portalErrorMap });
  installed = true;
}
