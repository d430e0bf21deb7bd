import type { Page } from 'playwright-core';

/** A 2000 × 1500 photo with sensor noise at a camera's quality: several hundred kB once shrunk. */
export async function noisyPhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 2000;
    c.height = 1500;
    const g = c.getContext('2d')!;
    const img = g.createImageData(2000, 1500);
    let seed = 7;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const v = 120 + (seed % 136);
      img.data[i] = v;
      img.data[i + 1] = 255 - v;
      img.data[i + 2] = (v * 7) % 256;
      img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    return c.toDataURL('image/jpeg', 0.95).split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

/**
 * Every tus request the page makes (method, Upload-Offset, body bytes), noted by wrapping
 * XMLHttpRequest; the bodies themselves are kept too, for sentBody.
 */
export async function recordTusRequests(page: Page) {
  await page.addInitScript(() => {
    type Sent = { method: string; url: string; offset: number | null; bytes: number };
    const sent: Sent[] = [];
    const bodies: (Blob | null)[] = [];
    Object.assign(window, { tusSent: sent, tusBodies: bodies });
    const open = XMLHttpRequest.prototype.open;
    const setHeader = XMLHttpRequest.prototype.setRequestHeader;
    const send = XMLHttpRequest.prototype.send;
    const notes = new WeakMap<XMLHttpRequest, Sent>();
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      notes.set(this, { method, url: String(url), offset: null, bytes: 0 });
      // eslint-disable-next-line prefer-rest-params
      return open.apply(this, arguments as unknown as Parameters<typeof open>);
    } as typeof open;
    XMLHttpRequest.prototype.setRequestHeader = function (name: string, value: string) {
      const note = notes.get(this);
      if (note && name.toLowerCase() === 'upload-offset') note.offset = Number(value);
      return setHeader.call(this, name, value);
    };
    XMLHttpRequest.prototype.send = function (body) {
      const note = notes.get(this);
      if (note?.url.includes('/api/v3/uploads')) {
        note.bytes = body instanceof Blob ? body.size : 0;
        sent.push(note);
        bodies.push(body instanceof Blob ? body : null);
      }
      return send.call(this, body);
    };
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { tusSent: { method: string; offset: number | null; bytes: number }[] }).tusSent,
    );
}

/** The body of the tus request recordTusRequests noted at `index` (e.g. a PATCH's bytes), as the page sent it. */
export async function sentBody(page: Page, index: number): Promise<Buffer> {
  const b64 = await page.evaluate(async (i) => {
    const blob = (window as unknown as { tusBodies: (Blob | null)[] }).tusBodies[i];
    if (!blob) throw new Error(`tus request ${i} had no body`);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    }
    return btoa(binary);
  }, index);
  return Buffer.from(b64, 'base64');
}
