import '../account.css';

import { LEGAL_DOCUMENT_NAMES, LEGAL_PATHS } from '@jala/domain';

import { LegalPage } from '../components/legal-page';
import { TERMS } from '../model/terms';

/** /terminos: 'Términos y condiciones', public. */
export function TermsPage() {
  return <LegalPage text={TERMS} other={{ to: LEGAL_PATHS.privacy, label: LEGAL_DOCUMENT_NAMES.privacy }} />;
}
