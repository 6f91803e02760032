import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { type MapPoint, type Place, PLACE_SEARCH_MIN_CHARS } from '@/features/map';
import { SavedPlaceChips } from '@/features/passenger';
import { errorMessage } from '@/lib/api/api-client';

import { usePlaceSearch } from '../hooks/use-place-search';
import { useTripRequest } from '../model/trip-request-context';
import type { LocationSelection } from '../model/trip-request-types';
import { useStepErrorProps } from './step-error';

export const PLACE_PLACEHOLDER = 'Escribe o selecciona en el mapa';

export interface PlaceFieldProps {
  field: 'origin' | 'destination';
  label: string;
  /** Bias for the search (e.g. the other point), or null. */
  near: MapPoint | null;
  /** Extra actions next to 'Mapa' (the origin's 'Mi ubicación'). */
  actions?: ReactNode;
}

const placeAddress = (place: Place): string => place.formattedAddress || place.name;

/**
 * Origin or destination input (spec §2): place search limited to Peru with a results list, a 'Mapa'
 * button that arms map picking, and the saved places as chips. Focusing the input arms map picking too;
 * clearing the text clears the stored point.
 */
export function PlaceField({ field, label, near, actions }: PlaceFieldProps) {
  const value = useTripRequest((s) => s[field]);
  const isActive = useTripRequest((s) => s.activeSelection === field);
  const isResolving = useTripRequest((s) => s.resolving === field);
  const setLocation = useTripRequest((s) => s.setLocation);
  const clearLocation = useTripRequest((s) => s.clearLocation);
  const setActiveSelection = useTripRequest((s) => s.setActiveSelection);
  const keepTypedAddress = useTripRequest((s) => s.keepTypedAddress);
  const dropTypedAddress = useTripRequest((s) => s.dropTypedAddress);
  const typed = useTripRequest((s) => (s.typedAddress?.field === field ? s.typedAddress.address : null));

  const [text, setText] = useState(value?.address ?? '');
  const [shownValue, setShownValue] = useState<LocationSelection | null>(value);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorProps = useStepErrorProps(field);
  const listId = `${inputId}-places`;

  // A point chosen elsewhere (map tap, chip, 'Mi ubicación') replaces the text.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value?.address ?? '');
    setOpen(false);
  }

  const searching = open && text.trim() !== (value?.address ?? '');
  const { places, isSearching, error } = usePlaceSearch(text, near, searching);
  const showList = searching && text.trim().length >= PLACE_SEARCH_MIN_CHARS;

  const choose = (selection: LocationSelection): void => {
    dropTypedAddress();
    setLocation(field, selection);
    setOpen(false);
    setHighlighted(-1);
  };

  const onChange = (next: string): void => {
    if (typed) dropTypedAddress();
    setText(next);
    setOpen(true);
    setHighlighted(-1);
    if (next.trim() === '' && value) clearLocation(field);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (!showList || !places || places.length === 0) {
      if (event.key === 'Escape') setOpen(false);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((i) => (i + step + places.length) % places.length);
    } else if (event.key === 'Enter' && highlighted >= 0) {
      event.preventDefault();
      const place = places[highlighted];
      if (place) choose({ coordinates: place.coordinates, address: placeAddress(place) });
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const armMap = (): void => {
    setActiveSelection(field);
    setOpen(false);
    inputRef.current?.blur();
  };

  return (
    <div className={`field trq-place${isActive ? ' trq-place--active' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="trq-place__row">
        <input
          ref={inputRef}
          id={inputId}
          name={field}
          className="field__control trq-place__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
          autoComplete="off"
          placeholder={isResolving ? 'Buscando dirección...' : PLACE_PLACEHOLDER}
          value={isResolving ? '' : text}
          disabled={isResolving}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => setActiveSelection(field)}
          onKeyDown={onKeyDown}
          {...errorProps}
        />
      </div>
      {typed && !value && (
        <p className="trq-place__typed" role="status">
          Dirección: «{typed}». Toca el mapa{field === 'origin' ? ' o «Mi ubicación»' : ''} para marcar el punto exacto.
        </p>
      )}
      {/* Under the field, not beside it: on a 360 px phone the whole placeholder must fit in the input. */}
      <div className="trq-place__buttons">
        <Button
          variant="ghost"
          className="trq-place__map"
          onClick={armMap}
          aria-pressed={isActive}
          title={`Elegir ${label.toLowerCase()} en el mapa`}
        >
          Mapa
        </Button>
        {actions}
      </div>
      {showList && (
        <div className="trq-results" id={listId} role="listbox" aria-label={`Lugares para ${label.toLowerCase()}`}>
          {isSearching && !places && <p className="trq-results__note">Buscando lugares...</p>}
          {error && (
            <p className="trq-results__note trq-results__note--error" role="alert">
              {errorMessage(error, 'No se pudo buscar lugares. Inténtalo de nuevo.')}
            </p>
          )}
          {places && places.length === 0 && (
            <p className="trq-results__note">No encontramos lugares con ese nombre en el Perú.</p>
          )}
          {places?.map((place, index) => (
            <div
              key={place.placeId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              tabIndex={-1}
              className={`trq-results__option${index === highlighted ? ' trq-results__option--active' : ''}`}
              // mousedown keeps the input's focus (and the list) until the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose({ coordinates: place.coordinates, address: placeAddress(place) })}
            >
              <span className="trq-results__name">{place.name}</span>
              <span className="trq-results__address">{place.formattedAddress}</span>
            </div>
          ))}
          {places && (
            // Search knows districts and landmarks, not street numbers: the typed words can be the address.
            <Button
              variant="ghost"
              block
              className="trq-results__typed"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                keepTypedAddress(field, text);
                setOpen(false);
                inputRef.current?.blur();
              }}
            >
              Usar «{text.trim()}» y marcar el punto en el mapa
            </Button>
          )}
        </div>
      )}
      <SavedPlaceChips
        onPick={(p) => choose({ coordinates: { latitude: p.latitude, longitude: p.longitude }, address: p.address })}
      />
    </div>
  );
}
