import { Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The body of a screen: a heading, an optional line under it, the content. */
export function Page({
  title,
  subtitle,
  children,
  narrow = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <main className={`page${narrow ? ' page--narrow' : ''}`} id="conteudo">
      <Typography.Title level={1} className="page__title">
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Paragraph className="page__subtitle">{subtitle}</Typography.Paragraph> : null}
      {children}
    </main>
  );
}

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
