import { APP_NAME } from '@jala/domain';
import { type ReactNode, useEffect } from 'react';

import { LogoMark } from '@/components/ui/icons';

/** Centered card with the brand on top, for login and register. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return (
    <div className="auth-screen">
      <div className="auth-screen__brand">
        <LogoMark size={48} />
        <span className="auth-screen__name">{APP_NAME}</span>
      </div>
      <main className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
      </main>
      <p className="auth-screen__footer">{footer}</p>
    </div>
  );
}

/** The e-mail input of login and register: the phone's e-mail keyboard, no capitals or spell-check. */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
  placeholder: 'tucorreo@ejemplo.com',
} as const;
