import { Link } from 'react-router';

import { ChevronRightIcon } from '@/components/ui/icons';

import { usePhoneVerification } from '../hooks/use-phone-verification';
import { PHONE_CARD_ANCHOR } from './phone-verification-card';

/**
 * The driver's gentle reminder while their mobile is not verified: operators approve only drivers who did,
 * and passengers see 'Celular verificado' on the offers of those who did. Links to the card in the profile.
 */
export function VerifyPhonePrompt({ profilePath }: { profilePath: string }) {
  const { data } = usePhoneVerification();
  if (!data?.phone || data.verified) return null;
  return (
    <Link to={`${profilePath}#${PHONE_CARD_ANCHOR}`} className="alert pv-prompt list-link">
      <span className="list-link__text">
        <strong>Verifica tu celular</strong> con un código por SMS: lo necesitamos para aprobar tu cuenta y los
        pasajeros verán «Celular verificado» en tus ofertas.
      </span>
      <ChevronRightIcon />
    </Link>
  );
}
