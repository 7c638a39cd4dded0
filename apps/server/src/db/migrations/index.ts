import type { Migration } from 'kysely';
import * as m0001 from './0001-market.js';
import * as m0002 from './0002-auth.js';

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '0001-market': m0001,
  '0002-auth': m0002,
};
