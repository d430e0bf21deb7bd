import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { Logo } from '../../components/logo';

/** The login layout (docs/product/routes-and-guards.md: public pages without the navigation bar). */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-layout" id="conteudo">
      <section className="auth-layout__brand" aria-hidden="true">
        <p className="auth-layout__tagline">Sua proposta de financiamento pronta para o banco, sem papelada perdida.</p>
      </section>
      <section className="auth-layout__panel">
        <div className="auth-card">
          <Logo />
          <Typography.Title level={1} className="auth-card__title">
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Paragraph className="auth-card__subtitle">{subtitle}</Typography.Paragraph> : null}
          {children}
        </div>
      </section>
    </main>
  );
}
