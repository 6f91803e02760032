import type { CreateSavedLocationRequest } from '@jala/contracts';
import { parseCoordinate } from '@jala/domain';
import { useState } from 'react';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

import { useSchemaForm } from '@/components/form/use-schema-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { PinIcon } from '@/components/ui/icons';

import { PLACES_STORE_FALLBACKS, useSavedLocations } from '../hooks/use-saved-locations';
import { formatCoordinates } from '../model/format';

const EMPTY_FORM = { name: '', address: '', latitude: '', longitude: '' };
type PlaceValues = typeof EMPTY_FORM;
type PlaceField = keyof PlaceValues;

/**
 * The form's check (spec §5): while a field is empty there is nothing to send and nothing to say (null);
 * otherwise the coordinates must read as decimals. Everything else is the server's to say.
 */
const placeResolver: Resolver<PlaceValues, unknown, CreateSavedLocationRequest | null> = (
  values,
): ResolverResult<PlaceValues, CreateSavedLocationRequest | null> => {
  if (Object.values(values).some((value) => value.trim() === '')) return { values: null, errors: {} };
  const latitude = parseCoordinate(values.latitude);
  const longitude = parseCoordinate(values.longitude);
  const errors: FieldErrors<PlaceValues> = {};
  if (latitude === null) errors.latitude = { type: 'validate', message: 'La latitud debe ser un número.' };
  if (longitude === null) errors.longitude = { type: 'validate', message: 'La longitud debe ser un número.' };
  if (latitude === null || longitude === null) return { values: {}, errors };
  return { values: { name: values.name.trim(), address: values.address.trim(), latitude, longitude }, errors: {} };
};

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

/**
 * 'Ubicaciones guardadas' (spec §2, §5): a toggled add form whose submit silently does nothing while a field
 * is empty, parses the coordinates as decimals, and clears and hides itself on success; the list with delete,
 * which asks first in the row itself (a deleted place cannot be brought back).
 */
export function SavedLocationsPanel() {
  const { places, isLoading, error, fieldErrors, isAdding, deletingId, clearError, addPlace, removePlace } =
    useSavedLocations();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const { form, field, onSubmit } = useSchemaForm({
    resolver: placeResolver,
    defaultValues: EMPTY_FORM,
    fallbackError: PLACES_STORE_FALLBACKS.add,
  });
  const [isLocating, setIsLocating] = useState(false);
  const [confirmingId, setConfirmingId] = useState<number | null>(null);

  const toggleForm = (): void => {
    clearError();
    form.clearErrors();
    setIsFormOpen((open) => !open);
  };

  // The store keeps the server's field messages (its one error shows above the form).
  const bind = (name: PlaceField) => {
    const bound = field(name);
    return { ...bound, error: bound.error ?? fieldErrors[name], disabled: isAdding };
  };

  const save = async (place: CreateSavedLocationRequest | null): Promise<void> => {
    if (!place || !(await addPlace(place))) return;
    form.reset(EMPTY_FORM);
    setIsFormOpen(false);
  };

  /**
   * Fills the coordinates from the device (spec §5 geolocation messages) and, when the address is still
   * empty, the address found there (the map feature's reverse geocoding, loaded on demand).
   */
  const useMyLocation = (): void => {
    if (!('geolocation' in navigator)) {
      form.setError('latitude', { message: 'Tu navegador no soporta geolocalización' });
      return;
    }
    setIsLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        form.setValue('latitude', point.latitude.toFixed(6));
        form.setValue('longitude', point.longitude.toFixed(6));
        form.clearErrors();
        void import('@/features/map')
          .then(({ reverseGeocode }) => reverseGeocode(point))
          .then(({ address }) => {
            if (form.getValues('address').trim() === '') form.setValue('address', address);
          })
          .catch(() => {
            // No address found: the coordinates are filled and the passenger types the address.
          })
          .finally(() => setIsLocating(false));
      },
      () => {
        form.setError('latitude', { message: 'No se pudo obtener tu ubicación actual' });
        setIsLocating(false);
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return (
    <section className="card stack stack--loose" aria-labelledby="places-title">
      <div className="row-between row-between--wrap row-between--tight">
        <h2 className="pw-section-title" id="places-title">
          Ubicaciones guardadas
        </h2>
        <Button
          variant={isFormOpen ? 'ghost' : 'primary'}
          className="pw-btn--small"
          onClick={toggleForm}
          aria-expanded={isFormOpen}
        >
          {isFormOpen ? 'Cancelar' : 'Agregar nueva ubicación'}
        </Button>
      </div>

      {error && (
        <p className="pw-form-error" role="alert">
          {error}
        </p>
      )}

      {isFormOpen && (
        <form className="form pw-places__form" noValidate onSubmit={onSubmit(save)} aria-label="Nueva ubicación">
          <TextField label="Nombre" placeholder="Casa, Trabajo…" maxLength={60} {...bind('name')} />
          <TextField label="Dirección" placeholder="Av. Larco 1150, Miraflores" maxLength={200} {...bind('address')} />
          <div className="form__row pw-form__row--pair">
            <TextField label="Latitud" inputMode="decimal" placeholder="-12.1301" {...bind('latitude')} />
            <TextField label="Longitud" inputMode="decimal" placeholder="-77.0289" {...bind('longitude')} />
          </div>
          <button
            type="button"
            className="pw-link-btn pw-places__locate"
            onClick={useMyLocation}
            disabled={isLocating || isAdding}
          >
            <PinIcon /> {isLocating ? 'Obteniendo...' : 'Usar mi ubicación actual'}
          </button>
          <Button type="submit" variant="primary" block disabled={isAdding}>
            {isAdding ? 'Guardando...' : 'Agregar ubicación'}
          </Button>
        </form>
      )}

      {isLoading ? (
        <p className="pw-muted">Cargando ubicaciones...</p>
      ) : places.length === 0 ? (
        <p className="pw-places__empty">No tienes ubicaciones guardadas</p>
      ) : (
        <ul className="pw-places__list">
          {places.map((place) => (
            <li key={place.id} className="pw-place-row">
              <span className="pw-place-row__icon" aria-hidden="true">
                <PinIcon />
              </span>
              <span className="pw-place-row__text">
                <span className="pw-place-row__name">{place.name}</span>
                <span className="pw-place-row__address">{place.address}</span>
                <span className="pw-place-row__coords">{formatCoordinates(place.latitude, place.longitude)}</span>
              </span>
              <button
                type="button"
                className="icon-btn pw-icon-btn pw-icon-btn--danger"
                onClick={() => setConfirmingId(place.id)}
                disabled={deletingId === place.id}
                aria-label={`Eliminar ${place.name}`}
                aria-expanded={confirmingId === place.id}
                title="Eliminar"
              >
                <TrashIcon />
              </button>
              {confirmingId === place.id && (
                <div className="pw-place-row__confirm" role="group" aria-label={`¿Eliminar ${place.name}?`}>
                  <p className="pw-place-row__question">¿Eliminar «{place.name}»? No se puede deshacer.</p>
                  <Button variant="ghost" className="pw-btn--small" onClick={() => setConfirmingId(null)}>
                    No, conservar
                  </Button>
                  <Button
                    variant="danger"
                    className="pw-btn--small"
                    disabled={deletingId === place.id}
                    onClick={() => {
                      setConfirmingId(null);
                      void removePlace(place.id);
                    }}
                  >
                    Sí, eliminar
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
