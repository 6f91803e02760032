import type { ShareLink } from '@jala/contracts';
import { shareTripMessage, whatsappShareUrl } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { Button, buttonClassName } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { errorMessage } from '@/lib/api/api-client';

import { createShareLink, SAFETY_ERRORS, shareUrl } from '../api/safety-api';

/** The WhatsApp and copy actions for a link, prefilled for the first trusted contact. */
export function ShareLinkActions({ link, message }: { link: ShareLink; message: (url: string) => string }) {
  const url = shareUrl(link);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="stack stack--tight">
      <a
        className={buttonClassName({ variant: 'primary', block: true, className: 'sf-whatsapp' })}
        href={whatsappShareUrl(link.contact_phone, message(url))}
        target="_blank"
        rel="noopener noreferrer"
      >
        {link.contact_name ? `Enviar por WhatsApp a ${link.contact_name}` : 'Enviar por WhatsApp'}
      </a>
      <p className="sf-share__url" data-testid="share-url">
        {url}
      </p>
      <Button variant="ghost" block onClick={copy}>
        {copied ? 'Enlace copiado' : 'Copiar enlace'}
      </Button>
    </div>
  );
}

/** 'Compartir viaje': a live read-only link to this trip for family and friends (passenger or driver). */
export function ShareTripButton() {
  const share = useMutation({ mutationFn: createShareLink });
  return (
    <CardSection id="sf-share-title" title="Viaja acompañado" className="sf-share">
      {share.data ? (
        <ShareLinkActions link={share.data} message={shareTripMessage} />
      ) : (
        <>
          <p className="section-note">
            Comparte tu viaje en vivo: verán al conductor, la placa y por dónde vas, sin instalar nada.
          </p>
          <Button variant="ghost" block disabled={share.isPending} onClick={() => share.mutate()}>
            {share.isPending ? 'Creando enlace...' : 'Compartir viaje'}
          </Button>
        </>
      )}
      {share.isError && (
        <p className="sf-error" role="alert">
          {errorMessage(share.error, SAFETY_ERRORS.share)}
        </p>
      )}
    </CardSection>
  );
}
