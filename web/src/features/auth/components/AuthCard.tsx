import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SITE } from '@/config/site.js';

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="brand brand-dark">
          <span className="brand-mark" aria-hidden="true">
            V
          </span>
          {SITE.name}
        </Link>
        <h1>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </div>
    </main>
  );
}
