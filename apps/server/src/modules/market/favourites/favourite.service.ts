import { MAX_FAVOURITES } from '@pipwise/shared';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import type { MarketService } from '../market.service.js';
import { addFavourite, listFavourites, removeFavourite } from './favourite.repository.js';

/**
 * A trader's favourites (docs/market-data.md "Favourites"): every call names the trader, and
 * only that trader's rows are read or changed.
 */
export class FavouriteService {
  constructor(private readonly deps: { db: Db; market: MarketService; now: () => number }) {}

  list(userId: number): Promise<number[]> {
    return listFavourites(this.deps.db, userId);
  }

  /** Stars (`on`) or unstars an instrument; the list after it. */
  async set(userId: number, instrumentId: number, on: boolean): Promise<number[]> {
    const { db, market, now } = this.deps;
    if (!on) {
      await removeFavourite(db, userId, instrumentId);
    } else {
      if (!market.instrument(instrumentId)) throw AppError.rule('errors.instrument_not_found');
      const row = { user_id: userId, instrument_id: instrumentId, created_at: now() };
      if (!(await addFavourite(db, row, MAX_FAVOURITES)))
        throw AppError.rule('errors.favourites_full', { max: MAX_FAVOURITES });
    }
    return this.list(userId);
  }
}
