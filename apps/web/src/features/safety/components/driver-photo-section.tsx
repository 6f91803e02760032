import { PHOTO_UPLOAD_MAX_BYTES } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';

import { Button, buttonClassName } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { errorMessage } from '@/lib/api/api-client';

import { deleteOwnPhoto, fetchOwnPhoto, SAFETY_ERRORS, safetyKeys, uploadOwnPhoto } from '../api/safety-api';
import { initials, usePhotoUrl } from '../hooks/use-photo-url';

/** Reads a chosen file as base64 (without the data: prefix). */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The driver's photo for the passengers' car card: upload (the server checks and re-encodes it) or remove. */
export function DriverPhotoSection({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const photo = useQuery({
    queryKey: safetyKeys.ownPhoto,
    // No photo yet is an ordinary state (data null), not an error to show.
    queryFn: fetchOwnPhoto,
  });
  const url = usePhotoUrl(photo.data);
  const [tooBig, setTooBig] = useState(false);
  const upload = useMutation({
    mutationFn: uploadOwnPhoto,
    onSuccess: (saved) => queryClient.setQueryData(safetyKeys.ownPhoto, saved),
  });
  const remove = useMutation({
    mutationFn: deleteOwnPhoto,
    onSuccess: () => queryClient.setQueryData(safetyKeys.ownPhoto, null),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setTooBig(file.size > PHOTO_UPLOAD_MAX_BYTES);
    if (file.size > PHOTO_UPLOAD_MAX_BYTES) return;
    upload.mutate(await readAsBase64(file));
  };

  return (
    <CardSection id="sf-photo-title" title="Tu foto" className="sf-photo">
      <div className="sf-photo__row">
        {url ? (
          <img className="sf-avatar sf-avatar--large" src={url} alt="Tu foto" data-testid="own-photo" />
        ) : (
          <span className="sf-avatar sf-avatar--large sf-avatar--initials" aria-hidden="true">
            {initials(name)}
          </span>
        )}
        <p className="section-note">Los pasajeros ven tu foto antes de subir: usa una foto clara de tu rostro.</p>
      </div>
      <label className={buttonClassName({ variant: 'primary', block: true, className: 'sf-photo__pick' })}>
        {upload.isPending ? 'Subiendo...' : url ? 'Cambiar foto' : 'Subir foto'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={upload.isPending}
          onChange={(e) => void choose(e)}
        />
      </label>
      {url && (
        <Button variant="ghost" block disabled={remove.isPending} onClick={() => remove.mutate()}>
          Quitar foto
        </Button>
      )}
      {(tooBig || upload.isError) && (
        <p className="sf-error" role="alert">
          {tooBig ? 'La foto es demasiado grande (máximo 5 MB).' : errorMessage(upload.error, SAFETY_ERRORS.upload)}
        </p>
      )}
      {upload.isSuccess && (
        <p className="sf-ok" role="status">
          Foto actualizada.
        </p>
      )}
    </CardSection>
  );
}
