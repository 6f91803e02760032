import '../passenger.css';

import { useQuery } from '@tanstack/react-query';

import { savedLocationsQuery } from '../hooks/use-saved-locations';

export interface PickedPlace {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * The passenger's saved places as one-tap chips (e.g. for origin or destination in the trip-request
 * wizard). Renders nothing while loading, on error, or when there are no places.
 */
export function SavedPlaceChips({ onPick }: { onPick(place: PickedPlace): void }) {
  const { data: places } = useQuery(savedLocationsQuery);
  if (!places || places.length === 0) return null;
  return (
    <ul className="pw-place-chips" aria-label="Ubicaciones guardadas">
      {places.map((place) => (
        <li key={place.id}>
          <button
            type="button"
            className="pw-place-chip"
            title={place.address}
            onClick={() =>
              onPick({ name: place.name, address: place.address, latitude: place.latitude, longitude: place.longitude })
            }
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8Z"
                fill="currentColor"
              />
            </svg>
            <span className="pw-place-chip__name">{place.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
