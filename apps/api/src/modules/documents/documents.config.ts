import { join } from 'node:path';
import { DEFAULT_UPLOAD_MAX_MB, DEFAULT_VALIDITY_DAYS, type ValidityKind } from '@portal/domain/documents';

export interface S3Config {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface DocumentsConfig {
  /** 'local' (DATA_DIR/uploads) unless S3_BUCKET is set. */
  storage: { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Config);
  /** Per-file limit in MB (UPLOAD_MAX_MB, default 20). */
  maxMb: number;
  /**
   * Bytes of documents (not refused by the back office) one person may have sent, over all their
   * proposals (UPLOAD_QUOTA_USER_MB, default 300), and one proposal may hold (UPLOAD_QUOTA_PROPOSAL_MB,
   * default 500).
   */
  quotaMb: { user: number; proposal: number };
  /** ClamAV daemon (clamd) to scan every upload with; null: no scan. */
  clamav: { host: string; port: number; timeoutMs: number } | null;
  /**
   * Resumable (tus) uploads: the folder that holds unfinished ones on the local driver, and how long
   * one may stay unfinished before it expires (UPLOAD_RESUMABLE_EXPIRY_SECONDS, default 24 h;
   * docs/decisions/053-resumable-uploads.md).
   */
  resumable: { dir: string; expirySeconds: number };
  /** Days a copy of an aging document stays valid (DOC_VALIDITY_<KIND>_DAYS). */
  validityDays: Record<ValidityKind, number>;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Documents settings from the environment; every value has a working default (local folder). */
export function loadDocumentsConfig(env: NodeJS.ProcessEnv, dataDir: string): DocumentsConfig {
  const storage: DocumentsConfig['storage'] = env.S3_BUCKET
    ? {
        driver: 's3',
        endpoint: env.S3_ENDPOINT || null,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION || 'us-east-1',
        accessKeyId: env.S3_ACCESS_KEY_ID || null,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
        forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
      }
    : { driver: 'local', dir: join(dataDir, 'uploads') };
  return {
    storage,
    maxMb: positive(env.UPLOAD_MAX_MB, DEFAULT_UPLOAD_MAX_MB),
    quotaMb: {
      user: positive(env.UPLOAD_QUOTA_USER_MB, 300),
      proposal: positive(env.UPLOAD_QUOTA_PROPOSAL_MB, 500),
    },
    resumable: {
      dir: join(dataDir, 'resumable'),
      expirySeconds: positive(env.UPLOAD_RESUMABLE_EXPIRY_SECONDS, 24 * 60 * 60),
    },
    clamav: env.CLAMAV_HOST
      ? {
          host: env.CLAMAV_HOST,
          port: positive(env.CLAMAV_PORT, 3310),
          timeoutMs: positive(env.CLAMAV_TIMEOUT_MS, 30_000),
        }
      : null,
    validityDays: {
      proof_of_address: positive(env.DOC_VALIDITY_PROOF_OF_ADDRESS_DAYS, DEFAULT_VALIDITY_DAYS.proof_of_address),
      property_registration: positive(
        env.DOC_VALIDITY_PROPERTY_REGISTRATION_DAYS,
        DEFAULT_VALIDITY_DAYS.property_registration,
      ),
      fgts_statement: positive(env.DOC_VALIDITY_FGTS_STATEMENT_DAYS, DEFAULT_VALIDITY_DAYS.fgts_statement),
    },
  };
}
