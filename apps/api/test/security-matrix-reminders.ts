/**
 * The reminders' rows of the security matrix (security-matrix.ts says what each column means and
 * spreads these into MATRIX); its types are restated here so the two files do not import each other.
 */
type Expect = 'ok' | 401 | 403 | 404;
type Actors = [Expect, Expect, Expect, Expect, Expect, Expect];
interface Entry {
  url: (ids: { proposal: string }) => string;
  body?: () => unknown;
  expect: Actors;
}
const UNKNOWN_TOKEN = 'x'.repeat(43);
const ALL_OK: Actors = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok'];
const OPERATOR_ONLY: Actors = [401, 403, 403, 403, 403, 'ok'];

export const REMINDERS_MATRIX: Record<string, Entry> = {
  // Reminders (docs/decisions/049-reminders-and-metrics.md): the e-mail's opt-out link is public, its
  // token the credential (an unknown one is refused the same for everyone; the real answers are in
  // reminders.test.ts); each person's own switch; the operator's per proposal.
  'GET /api/v3/reminders/opt-out': { url: () => `/api/v3/reminders/opt-out?token=${UNKNOWN_TOKEN}`, expect: ALL_OK },
  'POST /api/v3/reminders/opt-out': {
    url: () => '/api/v3/reminders/opt-out',
    body: () => ({ token: UNKNOWN_TOKEN }),
    expect: ALL_OK,
  },
  'POST /api/v3/reminders/opt-in': {
    url: () => '/api/v3/reminders/opt-in',
    body: () => ({ token: UNKNOWN_TOKEN }),
    expect: ALL_OK,
  },
  'GET /api/v3/reminders/me': { url: () => '/api/v3/reminders/me', expect: [401, 'ok', 'ok', 'ok', 'ok', 403] },
  'PUT /api/v3/reminders/me': {
    url: () => '/api/v3/reminders/me',
    body: () => ({ enabled: true }),
    expect: [401, 'ok', 'ok', 'ok', 'ok', 403],
  },
  'GET /api/v3/backoffice/proposals/{id}/reminders': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/reminders`,
    expect: OPERATOR_ONLY,
  },
  'PUT /api/v3/backoffice/proposals/{id}/reminders': {
    url: (ids) => `/api/v3/backoffice/proposals/${ids.proposal}/reminders`,
    body: () => ({ enabled: true }),
    expect: OPERATOR_ONLY,
  },
};
