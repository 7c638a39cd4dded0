import type { Migration } from 'kysely';
import * as m0001 from './0001-market.js';
import * as m0002 from './0002-auth.js';
import * as m0003 from './0003-access.js';
import * as m0004 from './0004-wallet.js';
import * as m0005 from './0005-candles.js';
import * as m0006 from './0006-trading.js';
import * as m0007 from './0007-money-core.js';
import * as m0008 from './0008-funds.js';
import * as m0009 from './0009-content.js';
import * as m0010 from './0010-admin.js';
import * as m0011 from './0011-cluster.js';
import * as m0012 from './0012-order-costs.js';
import * as m0013 from './0013-trust.js';
import * as m0014 from './0014-operator-first-use.js';
import * as m0015 from './0015-account-freeze.js';
import * as m0016 from './0016-execution.js';
import * as m0017 from './0017-fix-sources.js';
import * as m0018 from './0018-double-entry.js';
import * as m0019 from './0019-books-status.js';
import * as m0020 from './0020-statements.js';
import * as m0021 from './0021-fix-sequences.js';
import * as m0022 from './0022-execution-handled.js';
import * as m0023 from './0023-swaps.js';
import * as m0024 from './0024-trading-groups.js';
import * as m0025 from './0025-group-markup.js';
import * as m0026 from './0026-alerts-inbox.js';
import * as m0027 from './0027-passkeys.js';
import * as m0028 from './0028-step-up.js';
import * as m0029 from './0029-move-alerts.js';
import * as m0030 from './0030-announcement-broadcasts.js';
import * as m0031 from './0031-broadcast-progress.js';
import * as m0032 from './0032-favourites.js';
import * as m0033 from './0033-chart-drawings.js';
import * as m0034 from './0034-payout-reference.js';
import * as m0035 from './0035-partial-close.js';

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '0001-market': m0001,
  '0002-auth': m0002,
  '0003-access': m0003,
  '0004-wallet': m0004,
  '0005-candles': m0005,
  '0006-trading': m0006,
  '0007-money-core': m0007,
  '0008-funds': m0008,
  '0009-content': m0009,
  '0010-admin': m0010,
  '0011-cluster': m0011,
  '0012-order-costs': m0012,
  '0013-trust': m0013,
  '0014-operator-first-use': m0014,
  '0015-account-freeze': m0015,
  '0016-execution': m0016,
  '0017-fix-sources': m0017,
  '0018-double-entry': m0018,
  '0019-books-status': m0019,
  '0020-statements': m0020,
  '0021-fix-sequences': m0021,
  '0022-execution-handled': m0022,
  '0023-swaps': m0023,
  '0024-trading-groups': m0024,
  '0025-group-markup': m0025,
  '0026-alerts-inbox': m0026,
  '0027-passkeys': m0027,
  '0028-step-up': m0028,
  '0029-move-alerts': m0029,
  '0030-announcement-broadcasts': m0030,
  '0031-broadcast-progress': m0031,
  '0032-favourites': m0032,
  '0033-chart-drawings': m0033,
  '0034-payout-reference': m0034,
  '0035-partial-close': m0035,
};
