import { LEGAL_DOCUMENT_NAMES, LEGAL_PATHS } from '@jala/domain';
import { Link } from 'react-router';

/**
 * The two legal documents as links a thumb can hit (sign-up, the consent screen, the profiles), beside the
 * checkbox that accepts them rather than inside its label, where a tap would tick the box instead.
 */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <p className={className ? `acc-doc-links ${className}` : 'acc-doc-links'}>
      <Link to={LEGAL_PATHS.terms} className="acc-doc-link">
        {LEGAL_DOCUMENT_NAMES.terms}
      </Link>
      <Link to={LEGAL_PATHS.privacy} className="acc-doc-link">
        {LEGAL_DOCUMENT_NAMES.privacy}
      </Link>
    </p>
  );
}
