import { Skeleton } from 'antd';

/**
 * While a screen's code or data loads: the progress bar and the shape of a page (a title, a few
 * lines, a button), so the screen never goes blank between two steps.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__bar" />
      <span className="visually-hidden">Carregando…</span>
      <div className="page page-loading__skeleton" aria-hidden="true">
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 4 }} />
        <Skeleton.Button active block size="large" />
      </div>
    </div>
  );
}
