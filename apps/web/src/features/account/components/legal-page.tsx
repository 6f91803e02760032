import { APP_NAME, formatLimaDate, LEGAL_VERSION, limaDayStart } from '@jala/domain';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/icons';

import type { LegalText } from '../model/legal-document';

/**
 * A public legal document (/terminos, /privacidad): readable signed in or out, with its version and the date
 * it took effect, so what a person accepted can be named. 'Volver' returns to where they came from (sign-up,
 * the consent screen, the profile), or to the start when the page was opened directly.
 */
export function LegalPage({ text, other }: { text: LegalText; other: { to: string; label: string } }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => {
    document.title = `${text.title} · ${APP_NAME}`;
  }, [text.title]);
  const goBack = (): void => {
    // A page reached inside the app has somewhere to go back to; one opened directly ('default') goes to the start.
    if (key !== 'default') void navigate(-1);
    else void navigate('/');
  };

  return (
    <div className="acc-legal">
      <header className="acc-legal__header">
        <Button variant="ghost" className="acc-legal__back" onClick={goBack}>
          Volver
        </Button>
        <span className="acc-legal__brand">
          <LogoMark size={28} />
          {APP_NAME}
        </span>
      </header>
      <main className="acc-legal__main card">
        <h1 className="acc-legal__title">{text.title}</h1>
        <p className="acc-legal__version" data-testid="legal-version">
          Versión {LEGAL_VERSION} · vigente desde el {formatLimaDate(limaDayStart(LEGAL_VERSION))}
        </p>
        <p className="acc-legal__summary">{text.summary}</p>
        {text.sections.map((section, index) => (
          <section key={section.title} className="acc-legal__section" aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`} className="acc-legal__heading">
              {index + 1}. {section.title}
            </h2>
            {section.body.map((part, partIndex) =>
              typeof part === 'string' ? (
                <p key={partIndex}>{part}</p>
              ) : (
                <ul key={partIndex}>
                  {part.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <p className="acc-legal__other">
          Lee también la <Link to={other.to}>{other.label}</Link>.
        </p>
      </main>
    </div>
  );
}
