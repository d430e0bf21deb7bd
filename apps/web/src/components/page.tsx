import { Typography } from 'antd';
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

export { PageLoading } from './page-loading';
