import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uploadFingerprint } from './resumable-upload';

describe('resumable upload fingerprint', () => {
  const bytes = new TextEncoder().encode('%PDF-1.4 conteúdo de teste');

  it('is the proposal, the item and the SHA-256 of the content: the same file picked again resumes', async () => {
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(await uploadFingerprint('p1', 'income_tax_buyer1', new Blob([bytes]))).toBe(
      `portal-upload:p1:income_tax_buyer1:${sha}`,
    );
    // The name and type do not count: a file renamed or re-picked from another folder is the same upload.
    const renamed = new File([bytes], 'outro-nome.pdf', { type: 'application/pdf' });
    expect(await uploadFingerprint('p1', 'income_tax_buyer1', renamed)).toBe(
      await uploadFingerprint('p1', 'income_tax_buyer1', new Blob([bytes])),
    );
  });

  it('differs for another item, another proposal or other content', async () => {
    const base = await uploadFingerprint('p1', 'income_tax_buyer1', new Blob([bytes]));
    expect(await uploadFingerprint('p1', 'income_tax_buyer2', new Blob([bytes]))).not.toBe(base);
    expect(await uploadFingerprint('p2', 'income_tax_buyer1', new Blob([bytes]))).not.toBe(base);
    expect(await uploadFingerprint('p1', 'income_tax_buyer1', new Blob([bytes, new Uint8Array([0])]))).not.toBe(base);
  });
});
