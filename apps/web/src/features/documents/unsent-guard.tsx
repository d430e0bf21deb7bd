import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { PlainAlert } from '../../components/plain-alert';
import { leavingMessage } from '../../lib/upload-queue';

/**
 * Leaving the uploads screen with files that would then never reach the server asks first
 * (docs/decisions/054-pages-and-upload-queue.md). The app's own links get "Sair sem enviar?" for
 * the files waiting for the connection and the pages not yet put together (a file already
 * travelling, or being prepared, goes on when the screen changes); closing or reloading the tab
 * gets the browser's own question for any file not yet on the server.
 */

interface Unsent {
  /** Files not yet on the server: pages not put together, being prepared, travelling, waiting. */
  unsent: number;
  /** Of those, the pages not yet put together. */
  pages: number;
  /** And the files waiting for the connection. */
  waiting: number;
}
const NONE: Unsent = { unsent: 0, pages: 0, waiting: 0 };
const ReportContext = createContext<(key: string, counts: Unsent) => void>(() => undefined);
const same = (a: Unsent | undefined, b: Unsent) =>
  a?.unsent === b.unsent && a.pages === b.pages && a.waiting === b.waiting;

/** An item says how many of its files have not reached the server yet. */
export function useReportUnsent(key: string, counts: Unsent) {
  const report = useContext(ReportContext);
  const { unsent, pages, waiting } = counts;
  useEffect(() => report(key, { unsent, pages, waiting }), [report, key, unsent, pages, waiting]);
  useEffect(() => () => report(key, NONE), [report, key]);
}

export function UnsentGuard({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<Record<string, Unsent>>({});
  const report = useCallback(
    (key: string, next: Unsent) => setCounts((all) => (same(all[key], next) ? all : { ...all, [key]: next })),
    [],
  );
  const { unsent, pages, waiting } = useMemo(
    () =>
      Object.values(counts).reduce(
        (a, b) => ({ unsent: a.unsent + b.unsent, pages: a.pages + b.pages, waiting: a.waiting + b.waiting }),
        NONE,
      ),
    [counts],
  );
  const stranded = pages + waiting;
  const { modal } = App.useApp();
  // A link to an item of this screen (#fgts_form_0) is no leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => stranded > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const go = blocker;
    const answered = (leave: boolean) => {
      asking.current = false;
      if (leave) go.proceed();
      else go.reset();
    };
    modal.confirm({
      title: 'Sair sem enviar?',
      content: leavingMessage(pages, waiting),
      okText: 'Sair sem enviar',
      cancelText: 'Ficar e enviar',
      okButtonProps: { danger: true },
      onOk: () => answered(true),
      onCancel: () => answered(false),
    });
  }, [blocker, modal, pages, waiting]);

  useEffect(() => {
    if (!unsent) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsent]);

  return (
    <ReportContext.Provider value={report}>
      {waiting ? (
        <PlainAlert
          type="warning"
          className="doc-waiting"
          title={
            waiting === 1
              ? 'Aguardando conexão: 1 arquivo será enviado assim que a conexão voltar.'
              : `Aguardando conexão: ${waiting} arquivos serão enviados assim que a conexão voltar.`
          }
          description="Mantenha esta página aberta até o envio terminar."
        />
      ) : null}
      {children}
    </ReportContext.Provider>
  );
}
