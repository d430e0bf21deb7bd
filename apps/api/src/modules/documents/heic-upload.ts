import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { FILE_KIND_MIME } from '@portal/domain/documents';
import { HttpError } from '../../errors';
import { convertHeicToJpeg, HeicConversionError } from './heic-to-jpeg';
import type { Inspection } from './inspect';
import type { ObjectStorage } from './storage';

/**
 * A staged HEIC/HEIF upload replaced by its JPEG (docs/decisions/055-heic-and-the-bank-dossier.md):
 * the JPEG is staged, the HEIC removed, and what the row records (type, hash, size) is the JPEG's.
 * A photo that cannot be converted is refused and leaves nothing staged.
 */
export async function stagedHeicAsJpeg(
  storage: ObjectStorage,
  staged: { tempKey: string; size: number },
): Promise<{ staged: { tempKey: string; size: number }; inspection: Inspection }> {
  // Left behind only when the store fails too; the staging sweep removes it within the hour.
  const discard = () => storage.remove(staged.tempKey).catch(() => undefined);
  let converted;
  let jpeg;
  try {
    const heic = await buffer((await storage.read(staged.tempKey)).body);
    converted = await convertHeicToJpeg(heic);
    jpeg = await storage.stage(Readable.from([converted.jpeg]), { contentType: FILE_KIND_MIME.jpeg });
  } catch (err) {
    await discard();
    if (err instanceof HeicConversionError) {
      throw new HttpError(422, err.reason === 'too_large' ? 'image_too_large' : 'unreadable_image', err.message);
    }
    throw err;
  }
  await discard();
  return {
    staged: jpeg,
    inspection: {
      kind: 'jpeg',
      mime: FILE_KIND_MIME.jpeg,
      sha256: createHash('sha256').update(converted.jpeg).digest('hex'),
      flags: [],
    },
  };
}

/** "IMG_0042.HEIC" → "IMG_0042": the name a converted photo keeps, before its new ".jpg". */
export const withoutHeicExtension = (name: string) => name.replace(/\.(heic|heif)$/i, '');
