/**
 * The ranking a new installation starts with: made-up traders (marked as samples), best
 * three-week return first. Percentages are in percent; profits in USD.
 */
export const SAMPLE_TRADERS = [
  { user: 'Alpine Capital', multiple: 100, rate3w: '38.62', win3w: '74.5', profit3w: '18452.30', total: '412.8', trades: 1284, code: 'PW-10873' },
  { user: '陳志明', multiple: 200, rate3w: '31.05', win3w: '68.2', profit3w: '9630.75', total: '287.4', trades: 956, code: 'PW-20419' },
  { user: 'Sofia Marín', multiple: 50, rate3w: '24.9', win3w: '71.3', profit3w: '6120.00', total: '198.6', trades: 642, code: 'PW-31152' },
  { user: 'Kenji Watanabe', multiple: 100, rate3w: '19.47', win3w: '63.8', profit3w: '4875.40', total: '156.2', trades: 1510, code: 'PW-40288' },
  { user: 'GoldHawk FX', multiple: 300, rate3w: '16.3', win3w: '59.1', profit3w: '12240.90', total: '134.9', trades: 2318, code: 'PW-52097' },
  { user: 'Amira Haddad', multiple: 100, rate3w: '12.84', win3w: '66.7', profit3w: '2960.15', total: '121.5', trades: 488, code: 'PW-60734' },
  { user: 'Lukas Novák', multiple: 50, rate3w: '9.72', win3w: '61.4', profit3w: '1845.60', total: '88.3', trades: 375, code: 'PW-71560' },
  { user: 'Priya Sharma', multiple: 100, rate3w: '6.15', win3w: '57.9', profit3w: '1120.25', total: '64.7', trades: 812, code: 'PW-80941' },
  { user: 'Minh Tran', multiple: 200, rate3w: '-3.4', win3w: '48.6', profit3w: '-740.80', total: '41.2', trades: 1096, code: 'PW-91327' },
] as const;
