import { Link } from 'react-router';

import { CardSection } from '@/components/ui/card-section';

import { AccountDataDownload } from './account-data-download';
import { LegalLinks } from './legal-links';

/**
 * 'Tu cuenta y privacidad' at the end of both profiles: the open sessions, the data export, deleting the
 * account, and the documents the account accepted.
 */
export function AccountSection() {
  return (
    <CardSection id="acc-title" title="Tu cuenta y privacidad" className="acc-section" testId="account-section">
      <ul className="acc-links">
        <li>
          <Link to="/cuenta/sesiones" className="acc-link">
            <span className="acc-link__text">
              Sesiones abiertas
              <span className="acc-link__note">Los dispositivos donde iniciaste sesión</span>
            </span>
          </Link>
        </li>
        <li>
          <AccountDataDownload />
        </li>
        <li>
          <Link to="/cuenta/eliminar" className="acc-link acc-link--danger">
            <span className="acc-link__text">Eliminar mi cuenta</span>
          </Link>
        </li>
      </ul>
      <LegalLinks />
    </CardSection>
  );
}
