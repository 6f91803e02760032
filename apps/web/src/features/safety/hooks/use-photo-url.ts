import type { Photo } from '@jala/contracts';
import { useEffect, useState } from 'react';

/**
 * A private photo (fetched with the bearer token) as a blob: URL for <img>, revoked when the photo
 * changes or the component goes away. Photos never have a public address.
 */
export function usePhotoUrl(photo: Photo | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setUrl(null);
      return undefined;
    }
    const bytes = Uint8Array.from(atob(photo.image_base64), (c) => c.charCodeAt(0));
    const objectUrl = URL.createObjectURL(new Blob([bytes], { type: photo.content_type }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return url;
}

/** 'Carlos Mamani' → 'CM', shown when there is no photo. */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}
