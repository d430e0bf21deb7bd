import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  newFileKey,
  STAGING_PREFIX,
  StorageNotFoundError,
  type ObjectStorage,
} from '../src/modules/documents/storage';
import { startS3Server, type S3TestServer } from './s3-server';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** A body that yields some bytes and then fails, as a connection cut mid-upload does. */
function failingBody(bytesBeforeFailure: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytesBeforeFailure) {
        this.destroy(new Error('connection reset'));
        return;
      }
      const n = Math.min(64 * 1024, bytesBeforeFailure - sent);
      sent += n;
      this.push(Buffer.alloc(n, 0x41));
    },
  });
}

/** Deterministic pseudo-random bytes (so a mismatch shows where it is). */
function pattern(size: number, seed = 7): Buffer {
  const b = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >> 16;
  }
  return b;
}

interface Driver {
  name: string;
  setup(): Promise<ObjectStorage>;
  teardown(): Promise<void>;
}

let s3: S3TestServer | null = null;
let localDir = '';
const drivers: Driver[] = [
  {
    name: 'local folder',
    async setup() {
      localDir = mkdtempSync(join(tmpdir(), 'portal-storage-'));
      return createLocalStorage(join(localDir, 'uploads'));
    },
    async teardown() {
      rmSync(localDir, { recursive: true, force: true });
    },
  },
  {
    name: 'S3 (s3rver)',
    async setup() {
      s3 = await startS3Server();
      return createS3Storage(s3.config);
    },
    async teardown() {
      await s3?.close();
    },
  },
];

/** The same suite for every driver: what the documents module relies on. */
describe.each(drivers)('object storage: $name', (driver) => {
  let storage: ObjectStorage;
  beforeAll(async () => {
    storage = await driver.setup();
  });
  afterAll(async () => {
    await storage?.close();
    await driver.teardown();
  });

  it('stages a streamed body, commits it under its final key and reads back the same bytes', async () => {
    const data = pattern(7 * 1024 * 1024 + 123); // more than one S3 multipart part
    const staged = await storage.stage(Readable.from([data.subarray(0, 3_000_000), data.subarray(3_000_000)]), {
      contentType: 'application/pdf',
    });
    expect(staged.size).toBe(data.length);
    expect(staged.tempKey.startsWith(STAGING_PREFIX)).toBe(true);
    const key = newFileKey();
    await storage.commit(staged.tempKey, key, { contentType: 'application/pdf' });
    const { body, size } = await storage.read(key);
    expect(size).toBe(data.length);
    expect((await readAll(body)).equals(data)).toBe(true);
    expect((await storage.list(STAGING_PREFIX)).map((o) => o.key)).not.toContain(staged.tempKey);
    await expect(storage.read(staged.tempKey)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    const before = await storage.list('');
    await expect(storage.stage(failingBody(6 * 1024 * 1024), { contentType: 'application/pdf' })).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.list('')).toEqual(before);
  });

  it('answers StorageNotFoundError for a missing key and removes idempotently', async () => {
    const key = newFileKey();
    await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.remove(key);
    const staged = await storage.stage(Readable.from([Buffer.from('%PDF-1.4 x')]), { contentType: 'application/pdf' });
    await storage.commit(staged.tempKey, key, { contentType: 'application/pdf' });
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../etc/passwd', 'files/../../x', '/abs', 'files//x', 'Files/UPPER', 'files/a b']) {
      await expect(storage.read(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('sweeps staged objects older than the given age and keeps the fresh ones', async () => {
    const staged = await storage.stage(Readable.from([Buffer.from('stale')]), {
      contentType: 'application/octet-stream',
    });
    expect(await storage.sweepStaging(60_000)).toBe(0);
    expect((await storage.list(STAGING_PREFIX)).map((o) => o.key)).toContain(staged.tempKey);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await storage.sweepStaging(500)).toBe(1);
    expect(await storage.list(STAGING_PREFIX)).toEqual([]);
  });
});

describe('local driver on disk', () => {
  it('never names a file after anything but its key, and writes it owner-only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-storage-'));
    try {
      const storage = createLocalStorage(join(dir, 'uploads'));
      const staged = await storage.stage(Readable.from([Buffer.from('%PDF-1.4')]), { contentType: 'application/pdf' });
      const key = newFileKey();
      await storage.commit(staged.tempKey, key, { contentType: 'application/pdf' });
      const [shard] = readdirSync(join(dir, 'uploads', 'files'));
      expect(readdirSync(join(dir, 'uploads', 'files', shard!))).toEqual([key.split('/').pop()]);
      expect(statSync(join(dir, 'uploads', ...key.split('/'))).mode & 0o777).toBe(0o600);
      expect(readdirSync(join(dir, 'uploads', 'staging'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
