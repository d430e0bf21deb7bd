import { buildPagesPdf } from './pages-pdf';

/** Puts the pages together as one PDF, off the page's main thread (pages-pdf-maker.ts is the other side). */
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<{ pages: Uint8Array[]; title: string }>) => void) | null;
  postMessage: (message: unknown, transfer?: Transferable[]) => void;
};

scope.onmessage = (e) => {
  buildPagesPdf(e.data.pages, e.data.title).then(
    (pdf) => scope.postMessage({ pdf }, [pdf.buffer]),
    (err: unknown) => scope.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
};
