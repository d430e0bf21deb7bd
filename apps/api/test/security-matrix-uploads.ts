import type { MatrixEntry } from './security-matrix-types';

/**
 * The rows of the security matrix that send a file (security-matrix-types.ts says what each column
 * means): the tus uploads, the only way a file comes in (docs/decisions/053-resumable-uploads.md).
 * The main buyer's items are invisible to the second buyer (404 at creation), as any document not
 * theirs; an upload URL is its sender's only: the other buyer, a stranger and the seller get 404 as
 * for a missing one, the team 403 (role).
 */
export const UPLOADS_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/v3/uploads': {
    url: () => '/api/v3/uploads',
    tus: 'create',
    expect: [401, 'ok', 404, 404, 404, 403],
  },
  'HEAD /api/v3/uploads/{uploadId}': {
    url: (ids) => `/api/v3/uploads/${ids.upload}`,
    tus: 'upload',
    expect: [401, 'ok', 404, 404, 404, 403],
  },
  'PATCH /api/v3/uploads/{uploadId}': {
    url: (ids) => `/api/v3/uploads/${ids.upload}`,
    tus: 'upload',
    expect: [401, 'ok', 404, 404, 404, 403],
  },
  'DELETE /api/v3/uploads/{uploadId}': {
    url: (ids) => `/api/v3/uploads/${ids.upload}`,
    tus: 'upload',
    expect: [401, 'ok', 404, 404, 404, 403],
  },
};
