import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { DataStore } from '@tus/utils';
import type { Readable } from 'node:stream';
import type { DocumentsConfig } from './documents.config';

/**
 * Where the bytes of unfinished resumable uploads wait (docs/decisions/053-resumable-uploads.md):
 * the tus file store in DATA_DIR/resumable on the local driver, the tus S3 store (resumable-s3-store.ts) in the documents'
 * bucket when S3_BUCKET is set (so any instance can take the next chunk). Both are loaded on first
 * use, like the S3 client of storage.ts: a machine that never receives a resumable upload pays
 * nothing for them.
 */
export interface ResumableStore {
  datastore(): Promise<DataStore>;
  /** The finished upload's bytes. */
  read(id: string): Promise<Readable>;
  /** Forgets an upload's bytes; a missing one is not an error. */
  remove(id: string): Promise<void>;
}

const PART_SIZE = 5 * 1024 * 1024;
const READ_CHUNK = 16 * 1024;

export function createResumableStore(config: DocumentsConfig): ResumableStore {
  const expirationPeriodInMilliseconds = config.resumable.expirySeconds * 1000;
  const storage = config.storage;
  let ready: Promise<DataStore> | null = null;
  const datastore = () =>
    (ready ??=
      storage.driver === 's3'
        ? import('./resumable-s3-store').then(({ createRecordedPartsS3Store }) =>
            createRecordedPartsS3Store({
              partSize: PART_SIZE,
              expirationPeriodInMilliseconds,
              s3ClientConfig: {
                bucket: storage.bucket,
                region: storage.region,
                forcePathStyle: storage.forcePathStyle,
                ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
                ...(storage.accessKeyId && storage.secretAccessKey
                  ? { credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } }
                  : {}),
                // As storage.ts: checksums only where S3 requires them (S3-compatible stores reject the trailers).
                requestChecksumCalculation: 'WHEN_REQUIRED',
                responseChecksumValidation: 'WHEN_REQUIRED',
              },
            }),
          )
        : import('@tus/file-store').then(
            ({ FileStore }) => new FileStore({ directory: config.resumable.dir, expirationPeriodInMilliseconds }),
          ));
  return {
    datastore,
    async read(id) {
      const store = (await datastore()) as DataStore & { read(id: string): Readable | Promise<Readable> };
      // The file store's own read uses 64 KB chunks; 16 KB ones keep each completion's buffers
      // small while twenty complete at once (docs/decisions/058-api-memory.md).
      if (storage.driver !== 's3')
        return createReadStream(join(config.resumable.dir, id), { highWaterMark: READ_CHUNK });
      return store.read(id);
    },
    async remove(id) {
      const store = await datastore();
      await store.remove(id).catch((err: { status_code?: number }) => {
        if (err?.status_code !== 404) throw err;
      });
    },
  };
}
