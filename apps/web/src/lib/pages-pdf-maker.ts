/**
 * The page's side of the PDF worker (pages-pdf.worker.ts). The worker starts when the first page
 * is added (`start`), so its script is fetched while the connection is there and the pages can
 * become a PDF offline; one PDF is made at a time.
 */
export class PagesPdfMaker {
  private worker: Worker | null = null;

  start() {
    this.worker ??= new Worker(new URL('./pages-pdf.worker.ts', import.meta.url), { type: 'module' });
    return this.worker;
  }

  async make(pages: readonly File[], name: string): Promise<File> {
    const bytes = await Promise.all(pages.map(async (p) => new Uint8Array(await p.arrayBuffer())));
    const worker = this.start();
    const pdf = await new Promise<Uint8Array>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<{ pdf?: Uint8Array; error?: string }>) =>
        e.data.pdf ? resolve(e.data.pdf) : reject(new Error(e.data.error ?? 'no PDF'));
      worker.onerror = (e) => {
        e.preventDefault();
        this.stop();
        reject(new Error(e.message || 'the PDF worker failed'));
      };
      worker.postMessage(
        { pages: bytes, title: name.replace(/\.pdf$/i, '') },
        bytes.map((b) => b.buffer),
      );
    });
    return new File([pdf as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
  }
}
