import type { Part } from '@aws-sdk/client-s3';
import type { MetadataValue, Options as S3StoreOptions, S3Store } from '@tus/s3-store';
import { stat } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

const UNSUPPORTED = new Set(['MethodNotAllowed', 'NotImplemented']);
const isUnsupported = (error: unknown) => UNSUPPORTED.has((error as { name?: string } | null)?.name ?? '');

/**
 * The tus S3 store, plus a record of each uploaded part (number, size, ETag) kept as a small object
 * `<id>.parts/<number>` next to the upload's `.info` (docs/decisions/053-resumable-uploads.md).
 *
 * Why it exists: @tus/s3-store learns an upload's offset with ListParts, which some S3-compatible
 * servers do not implement (s3rver, the S3 server our tests and small installations run, answers
 * MethodNotAllowed). When ListParts is refused, the offset and the part list used to complete the
 * multipart upload come from these records, which live in the bucket, so any instance can resume an
 * upload another one started. On real S3 ListParts answers and the records are only an extra small
 * PUT per 5 MiB part. One object per part (not one list) so parts sent in parallel never race.
 *
 * Built on first use: @tus/s3-store brings the AWS SDK (~33 MB resident when imported alone), which an
 * instance on the local driver never needs, and is imported only here (docs/decisions/058-api-memory.md).
 */
export async function createRecordedPartsS3Store(options: S3StoreOptions): Promise<S3Store> {
  const { S3Store: S3StoreClass } = await import('@tus/s3-store');
  class RecordedPartsS3Store extends S3StoreClass {
    private partsPrefix(id: string) {
      return `${id}.parts/`;
    }

    protected override async uploadPart(
      metadata: MetadataValue,
      body: ReadStream | Readable | Buffer,
      partNumber: number,
    ): Promise<string> {
      // The chunk is a temporary file (or an empty buffer for a zero-byte upload): its size is known.
      const size = Buffer.isBuffer(body) ? body.length : (await stat((body as ReadStream).path)).size;
      const eTag = await super.uploadPart(metadata, body, partNumber);
      await this.client.putObject({
        Bucket: this.bucket,
        Key: `${this.partsPrefix(metadata.file.id)}${String(partNumber).padStart(5, '0')}`,
        Body: JSON.stringify({ PartNumber: partNumber, Size: size, ETag: eTag }),
        ContentType: 'application/json',
      });
      return eTag;
    }

    protected override async retrieveParts(id: string, partNumberMarker?: string): Promise<Part[]> {
      try {
        return await super.retrieveParts(id, partNumberMarker);
      } catch (error) {
        if (!isUnsupported(error)) throw error;
        return this.recordedParts(id);
      }
    }

    private async recordedParts(id: string): Promise<Part[]> {
      const parts: Part[] = [];
      let token: string | undefined;
      do {
        const page = await this.client.listObjectsV2({
          Bucket: this.bucket,
          Prefix: this.partsPrefix(id),
          ...(token ? { ContinuationToken: token } : {}),
        });
        for (const object of page.Contents ?? []) {
          const res = await this.client.getObject({ Bucket: this.bucket, Key: object.Key });
          parts.push(JSON.parse(await res.Body!.transformToString()) as Part);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
    }

    override async remove(id: string): Promise<void> {
      try {
        await super.remove(id);
      } catch (error) {
        // s3rver refuses AbortMultipartUpload too: the upload's objects are deleted all the same.
        if (!isUnsupported(error)) throw error;
        await this.client.deleteObjects({
          Bucket: this.bucket,
          Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
        });
        await this.clearCache(id);
      }
      await this.forgetParts(id);
    }

    /** Deletes the part records of an upload (after it was completed or removed). */
    async forgetParts(id: string): Promise<void> {
      const keys =
        (await this.client.listObjectsV2({ Bucket: this.bucket, Prefix: this.partsPrefix(id) })).Contents ?? [];
      if (keys.length === 0) return;
      await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: keys.map((o) => ({ Key: o.Key! })) } });
    }
  }
  return new RecordedPartsS3Store(options);
}
