import { APP_NAME } from '@jala/domain';

export const SHARE_TEXT = `¡Viaja con ${APP_NAME}! Tú propones el precio y conductores peruanos te hacen ofertas. 🇵🇪`;

export function facebookShareUrl(pageUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`;
}

export function whatsappShareUrl(pageUrl: string, text = SHARE_TEXT): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${pageUrl}`)}`;
}

/** The share links of the banner, in display order: each opens the network's share dialog for the page. */
const SHARE_NETWORKS = [
  {
    id: 'facebook',
    label: 'Facebook',
    shareUrl: (pageUrl: string) => facebookShareUrl(pageUrl),
    iconPath: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8Z',
  },
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    shareUrl: (pageUrl: string) => whatsappShareUrl(pageUrl),
    iconPath:
      'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3Zm4.4 12.4c-.2.6-1.1 1.1-1.6 1.2-.4 0-.9.1-2.8-.7-2.4-1-3.9-3.4-4-3.6-.1-.2-1-1.3-1-2.5s.6-1.8.9-2c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 1.9c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.1 1 2.1 1.3 2.4 1.4.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l1.8.9c.3.1.4.2.5.3.1.2.1.7-.1 1.3Z',
  },
] as const;

/** History lists hold completed and cancelled trips only: a list without completed ones is all cancellations. */
function completedText(count: number, listSize: number): string {
  if (count === 0)
    return listSize > 0 ? 'En esta lista solo hay viajes cancelados.' : 'Aún no hay viajes completados en esta lista.';
  return count === 1 ? 'Tienes 1 viaje completado en esta lista.' : `Tienes ${count} viajes completados en esta lista.`;
}

/**
 * Thank-you banner with the completed-trip count of the loaded list and share links for `pageUrl` (the
 * product's public address; `listSize` trips in the list). A passenger who never travelled is welcomed instead of thanked.
 */
export function HistoryShareBanner({
  completedCount,
  listSize,
  pageUrl,
  hasTravelled,
}: {
  completedCount: number;
  listSize: number;
  pageUrl: string;
  hasTravelled: boolean;
}) {
  return (
    <section className="brand-panel pw-share-banner" aria-labelledby="share-banner-title">
      <h2 className="pw-share-banner__title" id="share-banner-title">
        {hasTravelled ? `¡Gracias por viajar con ${APP_NAME}!` : `¡Bienvenido a ${APP_NAME}!`}
      </h2>
      <p className="pw-share-banner__count" data-testid="completed-count">
        {hasTravelled
          ? completedText(completedCount, listSize)
          : 'Tu primer viaje aparecerá aquí. Invita a tus amigos a viajar contigo.'}
      </p>
      <div className="pw-share-banner__actions" role="group" aria-label="Invita a tus amigos">
        {SHARE_NETWORKS.map((network) => (
          <a
            key={network.id}
            className={`pw-share-btn pw-share-btn--${network.id}`}
            href={network.shareUrl(pageUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={network.iconPath} />
            </svg>
            {network.label}
          </a>
        ))}
      </div>
    </section>
  );
}
