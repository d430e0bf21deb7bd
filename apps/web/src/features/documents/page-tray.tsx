import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { moveEntry, pagesPdfName, pictureKind } from '@portal/domain/a4-page';
import { shrinkPhoto } from '../../lib/photo-shrink';
import { PagesPdfMaker } from '../../lib/pages-pdf-maker';

/**
 * The pages of a document with several pages, photographed one by one before they are sent as ONE
 * PDF (docs/decisions/054-pages-and-upload-queue.md): each is shrunk as any photo (decision 052),
 * shown as a thumbnail "Página N", moved up or down or removed; "Enviar N páginas" puts them
 * together, in that order, and hands the PDF to the item's queue.
 */

interface TrayPage {
  id: string;
  /** The shrunk picture; null while it is being prepared. */
  file: File | null;
  url: string | null;
}

const newId = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const UNREADABLE_PAGE =
  'Não foi possível ler esta foto como página. Tire a foto de novo ou envie o arquivo com “Escolher arquivos”.';

export function usePageTray() {
  const [pages, setPages] = useState<TrayPage[]>([]);
  const { message } = App.useApp();
  const urls = useRef(new Set<string>());
  const [maker] = useState(() => new PagesPdfMaker());

  useEffect(() => {
    const all = urls.current;
    return () => {
      all.forEach((u) => URL.revokeObjectURL(u));
      maker.stop();
    };
  }, [maker]);

  const add = useCallback(
    (files: FileList | null) => {
      const picked = Array.from(files ?? []);
      if (!picked.length) return;
      // The PDF worker starts now, so the pages can become a PDF even if the connection drops.
      maker.start();
      for (const original of picked) {
        const id = newId();
        setPages((list) => [...list, { id, file: null, url: null }]);
        void shrinkPhoto(original).then(async (file) => {
          const kind = pictureKind(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
          if (!kind) {
            setPages((list) => list.filter((p) => p.id !== id));
            message.error(UNREADABLE_PAGE);
            return;
          }
          const url = URL.createObjectURL(file);
          urls.current.add(url);
          setPages((list) => list.map((p) => (p.id === id ? { ...p, file, url } : p)));
        });
      }
    },
    [message, maker],
  );

  /** The thumbnails of pages that leave the tray are let go (a photo's bytes are held by its URL). */
  const drop = useCallback((keep: (p: TrayPage) => boolean) => {
    setPages((list) => {
      for (const p of list)
        if (!keep(p) && p.url && urls.current.delete(p.url)) queueMicrotask(() => URL.revokeObjectURL(p.url!));
      return list.filter(keep);
    });
  }, []);
  const move = useCallback((index: number, step: -1 | 1) => setPages((list) => moveEntry(list, index, step)), []);
  const remove = useCallback((id: string) => drop((p) => p.id !== id), [drop]);
  const clear = useCallback(() => drop(() => false), [drop]);
  return { pages, add, move, remove, clear, maker };
}

export function PageTray({
  title,
  tray,
  ready,
  send,
}: {
  /** The checklist item's title, to name the controls. */
  title: string;
  tray: ReturnType<typeof usePageTray>;
  /** Whether the pages may go now (false, with the reason shown, e.g. for a wrong issue date). */
  ready: () => boolean;
  /** Takes the PDF to the item's queue; or says why it cannot go (too large), and the pages stay. */
  send: (pdf: File) => Promise<string | null>;
}) {
  const { message } = App.useApp();
  const [building, setBuilding] = useState(false);
  const [said, setSaid] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const { pages } = tray;
  const preparing = pages.some((p) => !p.file);
  const count = pages.length;

  /** After a move the focus stays on the page's button (or its other one at either end). */
  function moved(id: string, index: number, step: -1 | 1) {
    tray.move(index, step);
    const to = index + step;
    setSaid(`Página movida para a posição ${to + 1} de ${count}.`);
    requestAnimationFrame(() => {
      const row = list.current?.querySelector(`[data-page="${id}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`[data-move="${step}"]:not(:disabled)`);
      (same ?? row?.querySelector<HTMLButtonElement>(`[data-move="${-step}"]`))?.focus();
    });
  }

  async function build() {
    if (!ready()) return;
    const files = pages.map((p) => p.file).filter((f): f is File => f !== null);
    setBuilding(true);
    try {
      const pdf = await tray.maker.make(files, pagesPdfName(title, files.length));
      const problem = await send(pdf);
      if (problem) {
        message.error(problem);
        return;
      }
      tray.clear();
      setSaid('');
    } catch {
      message.error('Não foi possível montar o PDF com as páginas. Tente novamente.');
    } finally {
      setBuilding(false);
    }
  }

  if (!count) return null;
  return (
    <section className="doc-pages" aria-label={`Páginas de ${title}`}>
      <p className="doc-pages__title">
        {count === 1 ? '1 página' : `${count} páginas`} para enviar como um só PDF, nesta ordem
      </p>
      <ol className="doc-pages__list" ref={list}>
        {pages.map((page, i) => (
          <li key={page.id} className="doc-page" data-page={page.id}>
            <span className="doc-page__picture">
              {page.url ? (
                <img className="doc-page__thumb" src={page.url} alt={`Página ${i + 1}`} />
              ) : (
                <span className="doc-page__thumb doc-page__thumb--preparing" role="status">
                  Preparando a foto…
                </span>
              )}
              <span className="doc-page__label" aria-hidden>
                Página {i + 1}
              </span>
            </span>
            <span className="doc-page__actions">
              <Button
                icon={<ArrowUpOutlined aria-hidden />}
                className="doc-page__button"
                data-move={-1}
                disabled={i === 0 || building}
                onClick={() => moved(page.id, i, -1)}
                aria-label={`Mover a página ${i + 1} para cima`}
              />
              <Button
                icon={<ArrowDownOutlined aria-hidden />}
                className="doc-page__button"
                data-move={1}
                disabled={i === count - 1 || building}
                onClick={() => moved(page.id, i, 1)}
                aria-label={`Mover a página ${i + 1} para baixo`}
              />
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                className="doc-page__button"
                disabled={building}
                onClick={() => {
                  tray.remove(page.id);
                  setSaid(`Página ${i + 1} removida.`);
                }}
                aria-label={`Remover a página ${i + 1}`}
              />
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      <Button type="primary" block loading={building} disabled={preparing} onClick={() => void build()}>
        {building ? 'Montando o PDF…' : count === 1 ? 'Enviar 1 página' : `Enviar ${count} páginas`}
      </Button>
    </section>
  );
}
