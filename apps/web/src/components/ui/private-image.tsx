import './private-image.css';

import type { DocumentFile } from '@jala/contracts';
import { useEffect, useState } from 'react';

/**
 * A private picture (a driver's document): its bytes come from an authenticated API call (bearer token,
 * never a public URL) and are shown through a blob URL that is revoked when the image goes away.
 */
export function PrivateImage({
  load,
  alt,
  className,
}: {
  load: () => Promise<DocumentFile>;
  alt: string;
  className?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    load()
      .then((file) => {
        if (cancelled) return;
        const bytes = Uint8Array.from(atob(file.data_base64), (c) => c.charCodeAt(0));
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // `load` identifies the picture by what it closes over; callers key the component by document id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (failed)
    return (
      <p className="private-image__error" role="alert">
        No se pudo cargar la imagen.
      </p>
    );
  if (!url)
    return (
      <div className={`private-image__placeholder ${className ?? ''}`} role="status" aria-label="Cargando imagen" />
    );
  return <img src={url} alt={alt} className={className} />;
}
