import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client as S3ClientType } from '@aws-sdk/client-s3';
import type { S3Config } from './documents.config';

/**
 * Where uploaded bytes live (docs/product/api.md, docs/deploy.md): a local folder or an S3-compatible object store. Both
 * write in two steps — stage under a temporary key, then commit to the final one — so an upload
 * that fails or is refused half-way leaves nothing behind under a final key.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Streams the body to a new temporary key. On any error the partial object is removed. */
  stage(body: Readable, meta: { contentType: string }): Promise<{ tempKey: string; size: number }>;
  /** Moves a staged object to its final key. */
  commit(tempKey: string, key: string, meta: { contentType: string }): Promise<void>;
  /** Removes an object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The object's bytes as a stream; StorageNotFoundError when missing. */
  read(key: string): Promise<{ body: Readable; size: number }>;
  /** Keys under a prefix (housekeeping and tests). */
  list(prefix: string): Promise<{ key: string; modifiedAt: number }[]>;
  /** Removes staged objects older than the given age (uploads cut off by a crash). */
  sweepStaging(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no object ${key}`);
  }
}

/**
 * The object store did not answer (refused or cut connection, timeout, a 5xx after the SDK's
 * retries): the request may succeed in a moment, so it answers 503 with Retry-After
 * (apps/api/src/plugins/dependency-outage.ts). A 4xx from the store (access denied, no such
 * bucket) is a configuration error and stays a 500.
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly operation: 'write' | 'read',
    cause: unknown,
  ) {
    super(`object store unavailable (${operation}): ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** Whether an S3 SDK failure is the store being away rather than an answer it gave. */
function isOutage(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
}

export const STAGING_PREFIX = 'staging/';
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** Keys are made here, never from user input; checked anyway so no key can leave the root. */
function assertKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes('//') || key.split('/').some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
}

export const randomKeyPart = () => randomBytes(16).toString('hex');

/** A final key for a new file: random, sharded by its first two characters. */
export function newFileKey(): string {
  const id = randomKeyPart();
  return `files/${id.slice(0, 2)}/${id}`;
}

/** Counts bytes as they pass (the size the store received). */
function counter() {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return { stream, size: () => size };
}

export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    driver: 'local',
    async stage(body) {
      const tempKey = `${STAGING_PREFIX}${randomKeyPart()}`;
      const path = pathOf(tempKey);
      await mkdir(dirname(path), { recursive: true });
      const count = counter();
      try {
        // 'wx': never overwrite; the file is created with owner-only permissions.
        await pipeline(body, count.stream, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(path, { force: true });
        throw err;
      }
      return { tempKey, size: count.size() };
    },
    async commit(tempKey, key) {
      const to = pathOf(key);
      await mkdir(dirname(to), { recursive: true });
      // Same filesystem: rename is atomic, the final key appears complete or not at all.
      await rename(pathOf(tempKey), to);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw new StorageNotFoundError(key);
      return { body: createReadStream(path), size: info.size };
    },
    async list(prefix) {
      const out: { key: string; modifiedAt: number }[] = [];
      async function walk(dir: string) {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const path = join(dir, e.name);
          if (e.isDirectory()) await walk(path);
          else if (e.isFile()) {
            const key = relative(root, path).split(sep).join('/');
            if (key.startsWith(prefix)) out.push({ key, modifiedAt: (await stat(path)).mtimeMs });
          }
        }
      }
      await walk(root);
      return out.sort((a, b) => a.key.localeCompare(b.key));
    },
    async sweepStaging(olderThanMs) {
      const old = (await this.list(STAGING_PREFIX)).filter((o) => Date.now() - o.modifiedAt > olderThanMs);
      for (const o of old) await this.remove(o.key);
      return old.length;
    },
    async close() {},
  };
}

/**
 * The AWS SDK costs about 23 MB of memory once loaded: it is imported on first use, so a
 * deployment on the local folder never pays for it.
 */
async function loadS3() {
  const [sdk, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...sdk, Upload: storage.Upload };
}

export function createS3Storage(config: S3Config): ObjectStorage {
  const Bucket = config.bucket;
  let ready: Promise<{ client: S3ClientType; sdk: Awaited<ReturnType<typeof loadS3>> }> | null = null;
  const s3 = () =>
    (ready ??= loadS3().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
        // A store that accepts no connection, or stops answering, fails the call instead of hanging it.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
        // Checksums only where S3 requires them: many S3-compatible stores reject the newer trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const isMissing = (err: unknown) =>
    (err as { name?: string })?.name === 'NoSuchKey' ||
    (err as { name?: string })?.name === 'NotFound' ||
    (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

  /** Turns the store's absence into StorageUnavailableError; its answers (404, 403…) pass as they are. */
  const outage = (operation: 'write' | 'read') => (err: unknown) => {
    throw isOutage(err) && !(err instanceof StorageNotFoundError) ? new StorageUnavailableError(operation, err) : err;
  };

  return {
    driver: 's3',
    async stage(body, meta) {
      const { client, sdk } = await s3();
      const tempKey = `${STAGING_PREFIX}${randomKeyPart()}`;
      const count = counter();
      // Multipart upload in 5 MB parts (the S3 minimum), one in flight: memory stays bounded whatever the size;
      // an aborted multipart upload leaves no object.
      const upload = new sdk.Upload({
        client,
        params: { Bucket, Key: tempKey, Body: count.stream, ContentType: meta.contentType },
        partSize: 5 * 1024 * 1024,
        queueSize: 1,
        leavePartsOnError: false,
      });
      let sourceError: unknown = body.errored ?? null;
      body.on('error', (err) => {
        sourceError = err;
        count.stream.destroy(err);
        void upload.abort().catch(() => {});
      });
      if (sourceError) count.stream.destroy(sourceError as Error);
      else body.pipe(count.stream);
      const removeTemp = () => client.send(new sdk.DeleteObjectCommand({ Bucket, Key: tempKey })).catch(() => {});
      try {
        await upload.done();
      } catch (err) {
        // The store went away mid-upload: stop taking bytes, so the request body drains instead of stalling.
        body.unpipe(count.stream);
        count.stream.destroy();
        await removeTemp();
        if (sourceError) throw sourceError;
        return outage('write')(err);
      }
      if (sourceError) {
        await removeTemp();
        throw sourceError;
      }
      return { tempKey, size: count.size() };
    },
    async commit(tempKey, key, meta) {
      assertKey(tempKey);
      assertKey(key);
      const { client, sdk } = await s3();
      await client
        .send(
          new sdk.CopyObjectCommand({
            Bucket,
            Key: key,
            CopySource: `${Bucket}/${tempKey}`,
            ContentType: meta.contentType,
            MetadataDirective: 'REPLACE',
          }),
        )
        .catch(outage('write'));
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: tempKey })).catch(outage('write'));
    },
    async remove(key) {
      assertKey(key);
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })).catch((err) => {
        if (!isMissing(err)) outage('write')(err);
      });
    },
    async read(key) {
      assertKey(key);
      const { client, sdk } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const body = res.Body as Readable | undefined;
        if (!body) throw new StorageNotFoundError(key);
        return {
          body: body instanceof Readable ? body : Readable.from(body as AsyncIterable<Uint8Array>),
          size: Number(res.ContentLength ?? 0),
        };
      } catch (err) {
        if (isMissing(err)) throw new StorageNotFoundError(key);
        return outage('read')(err);
      }
    },
    async list(prefix) {
      const { client, sdk } = await s3();
      const out: { key: string; modifiedAt: number }[] = [];
      let token: string | undefined;
      do {
        const res = await client
          .send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }))
          .catch(outage('read'));
        for (const o of res.Contents ?? [])
          if (o.Key) out.push({ key: o.Key, modifiedAt: o.LastModified?.getTime() ?? 0 });
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => a.key.localeCompare(b.key));
    },
    async sweepStaging(olderThanMs) {
      const old = (await this.list(STAGING_PREFIX)).filter((o) => Date.now() - o.modifiedAt > olderThanMs);
      for (const o of old) await this.remove(o.key);
      return old.length;
    },
    async close() {
      if (ready) (await ready).client.destroy();
    },
  };
}

/** The driver the configuration names: S3 when S3_BUCKET is set, else the local folder. */
export function createObjectStorage(
  config: { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Config),
): ObjectStorage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}
