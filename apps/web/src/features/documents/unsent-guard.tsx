import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { PlainAlert } from '../../components/plain-alert';

/**
 * Leaving the uploads screen with files not yet sent — waiting for the connection, travelling,
 * or pages not yet put together — asks first (docs/decisions/054-pages-and-upload-queue.md): the
 * app's own links get "Sair sem enviar?", closing or reloading the tab the browser's own question.
 */

interface Unsent {
  /** Files that have not reached the server (pages not yet put together included). */
  unsent: number;
  /** Of those, the ones waiting for the connection. */
  waiting: number;
}
const NONE: Unsent = { unsent: 0, waiting: 0 };
const ReportContext = createContext<(key: string, counts: Unsent) => void>(() => undefined);

/** An item says how many of its files have not reached the server yet. */
export function useReportUnsent(key: string, unsent: number, waiting: number) {
  const report = useContext(ReportContext);
  useEffect(() => report(key, { unsent, waiting }), [report, key, unsent, waiting]);
  useEffect(() => () => report(key, NONE), [report, key]);
}

export function UnsentGuard({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<Record<string, Unsent>>({});
  const report = useCallback(
    (key: string, next: Unsent) =>
      setCounts((all) =>
        all[key]?.unsent === next.unsent && all[key]?.waiting === next.waiting ? all : { ...all, [key]: next },
      ),
    [],
  );
  const { unsent, waiting } = useMemo(
    () =>
      Object.values(counts).reduce((a, b) => ({ unsent: a.unsent + b.unsent, waiting: a.waiting + b.waiting }), NONE),
    [counts],
  );
  const { modal } = App.useApp();
  // A link to an item of this screen (#fgts_form_0) is no leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsent > 0 && currentLocation.pathname !== nextLocation.pathname,
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
      content:
        unsent === 1
          ? '1 arquivo ainda não chegou ao portal. Se sair agora, ele não será enviado.'
          : `${unsent} arquivos ainda não chegaram ao portal. Se sair agora, eles não serão enviados.`,
      okText: 'Sair sem enviar',
      cancelText: 'Ficar e enviar',
      okButtonProps: { danger: true },
      onOk: () => answered(true),
      onCancel: () => answered(false),
    });
  }, [blocker, modal, unsent]);

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
