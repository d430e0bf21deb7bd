import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../src/modules/documents/documents.config';

export interface S3TestServer {
  config: S3Config;
  /** The same settings as environment variables (for createTestApp's env). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-protocol server of our own on a free loopback port (npm `s3rver`: Debian has no S3
 * server), with a fresh bucket, so the S3 driver is tested against the real protocol.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = (await server.run()) as { port: number };
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'portal-uploads',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: config.endpoint!,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint!,
      S3_BUCKET: config.bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
