import { type CreateSavedLocationRequest, SAVED_PLACES_MAX, type SavedLocation } from '@jala/contracts';

import { AppError } from '../../lib/app-error';
import type { SavedLocationsRepository } from './saved-locations.repository';

export const SAVED_LOCATION_NOT_FOUND = 'Ubicación no encontrada.';
export const SAVED_PLACES_LIMIT_MESSAGE = `Puedes guardar hasta ${SAVED_PLACES_MAX} ubicaciones. Elimina alguna para agregar otra.`;

export class SavedLocationsService {
  constructor(private readonly places: SavedLocationsRepository) {}

  listSavedLocations(userId: number): Promise<SavedLocation[]> {
    return this.places.listForUser(userId);
  }

  async addSavedLocation(userId: number, input: CreateSavedLocationRequest): Promise<SavedLocation> {
    // A soft cap (a racing pair may pass it by one); it keeps the list a list of favourites, not a log.
    if ((await this.places.countForUser(userId)) >= SAVED_PLACES_MAX)
      throw new AppError('CONFLICT', SAVED_PLACES_LIMIT_MESSAGE);
    return this.places.insert(userId, input);
  }

  /** Another passenger's place, or one already gone, is a 404 (GUIDE §4). */
  async deleteSavedLocation(userId: number, id: number): Promise<void> {
    if (!(await this.places.deleteOwned(userId, id))) throw new AppError('NOT_FOUND', SAVED_LOCATION_NOT_FOUND);
  }
}
