import '../account.css';

import { LEGAL_DOCUMENT_NAMES, LEGAL_PATHS } from '@jala/domain';

import { LegalPage } from '../components/legal-page';
import { PRIVACY } from '../model/privacy';

/** /privacidad: 'Política de privacidad', public. */
export function PrivacyPage() {
  return <LegalPage text={PRIVACY} other={{ to: LEGAL_PATHS.terms, label: LEGAL_DOCUMENT_NAMES.terms }} />;
}
