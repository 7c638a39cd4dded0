import { favouritesEndpoint, setFavouriteEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-hook.js';
import { registerEndpoint } from '../../../http/route.js';
import type { FavouriteService } from './favourite.service.js';

/** The caller's favourites (docs/market-data.md "Favourites"): the session names the owner. */
export function registerFavouriteRoutes(app: FastifyInstance, favourites: FavouriteService): void {
  registerEndpoint(app, favouritesEndpoint, async (_input, request) => ({
    ids: await favourites.list(sessionOf(request).userId),
  }));
  registerEndpoint(app, setFavouriteEndpoint, async ({ forex_id, favourite }, request) => ({
    ids: await favourites.set(sessionOf(request).userId, forex_id, favourite === 1),
  }));
}
