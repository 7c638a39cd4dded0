/**
 * A trading group as the back office saves it (`adminSaveGroupEndpoint`): real,
 * professional, swaps charged, the broker's fee rule and levels, no commission — each test
 * names what its group changes in `overrides`.
 */
export function groupBody(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    account_kind: 'real',
    is_default: 0,
    professional: 1,
    swap_free: 0,
    trade_fee_type: 0,
    commission_type: 'none',
    commission_rate: '0',
    commission_min: '0',
    ...overrides,
  };
}
