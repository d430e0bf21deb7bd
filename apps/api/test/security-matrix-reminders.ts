import { ALL_OK, OPERATOR_ONLY, UNKNOWN_TOKEN, type MatrixEntry } from './security-matrix-types';

/**
 * The reminders' rows of the security matrix (security-matrix-types.ts says what each column means;
 * security-matrix.ts spreads these into MATRIX).
 */
export const REMINDERS_MATRIX: Record<string, MatrixEntry> = {
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
