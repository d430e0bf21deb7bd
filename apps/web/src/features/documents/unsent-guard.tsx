import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';

/**
 * Leaving the uploads screen with files not yet sent — waiting for the connection, travelling,
 * or pages not yet put together — asks first (docs/decisions/054-pages-and-upload-queue.md): the
 * app's own links get "Sair sem enviar?", closing or reloading the tab the browser's own question.
 */

const ReportContext = createContext<(key: string, count: number) => void>(() => undefined);

/** An item says how many of its files have not reached the server yet. */
export function useReportUnsent(key: string, count: number) {
  const report = useContext(ReportContext);
  useEffect(() => report(key, count), [report, key, count]);
  useEffect(() => () => report(key, 0), [report, key]);
}

export function UnsentGuard({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const report = useCallback(
    (key: string, count: number) => setCounts((all) => (all[key] === count ? all : { ...all, [key]: count })),
    [],
  );
  const unsent = useMemo(() => Object.values(counts).reduce((a, b) => a + b, 0), [counts]);
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

  return <ReportContext.Provider value={report}>{children}</ReportContext.Provider>;
}
