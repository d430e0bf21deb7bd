import type { ReactNode } from 'react';
import { PlainParagraph, PlainTitle } from './plain-typography';

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
      <PlainTitle className="page__title">{title}</PlainTitle>
      {subtitle ? <PlainParagraph className="page__subtitle">{subtitle}</PlainParagraph> : null}
      {children}
    </main>
  );
}

export { PageLoading } from './page-loading';
