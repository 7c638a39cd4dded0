import { z } from 'zod';
import { MAX_MARKUP_POINTS } from '../../domain/execution.js';
import { ASSET_CLASSES } from '../../domain/leverage-caps.js';
import {
  ACCOUNT_KINDS,
  COMMISSION_DECIMALS,
  COMMISSION_TYPES,
  MAX_COMMISSION_MIN,
  MAX_COMMISSION_RATE,
} from '../../domain/trading-groups.js';
import { LANGS } from '../../languages.js';
import { defineEndpoint } from '../endpoint.js';
import {
  decimalField,
  idField,
  intEnum,
  intField,
  optionalSmallId,
  optionalText,
  requiredText,
  smallIdField,
} from '../fields.js';
import { flagField, operatorAccess, ROLES } from './common.js';
import { leverageList } from './instruments.js';
import { AdminUserSchema } from './users.js';

// Trading groups, their conditions and the retail leverage caps (docs/trading-groups.md).

/** A trading group as operators configure it. Money in USD as exact decimal text. */
export const AdminGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Which accounts it holds: real or demo (a demo account never sits in a real group). */
  account_kind: z.enum(ACCOUNT_KINDS),
  /** 1: new accounts of its kind land here (one per kind). */
  is_default: z.number().int(),
  /** 1: exempt from the retail leverage caps (professional clients). */
  professional: z.number().int(),
  /** 1: no overnight financing is charged or paid on positions opened in it. */
  swap_free: z.number().int(),
  /** 1 fee per lot, 2 share of the margin; 0: the broker's `trade_fee_type` setting. */
  trade_fee_type: z.number().int(),
  /** Percent; empty: the broker's settings (both set or neither). */
  margin_call_level: z.string(),
  stop_out_level: z.string(),
  commission_type: z.enum(COMMISSION_TYPES),
  /** USD per lot or per million notional, a side. */
  commission_rate: z.string(),
  /** USD a side at least (ignored with `none`). */
  commission_min: z.string(),
  /** Accounts in it now. */
  accounts: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminGroup = z.infer<typeof AdminGroupSchema>;

/** GET /api/admin/groups/list — every group, defaults first, then by name. */
export const adminGroupsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/groups/list',
  input: z.object({}),
  output: z.array(AdminGroupSchema),
  ...operatorAccess(ROLES.people),
});

const commissionRate = decimalField({
  max: MAX_COMMISSION_RATE,
  maxDecimals: COMMISSION_DECIMALS,
  allowZero: true,
});
const commissionMin = decimalField({
  max: MAX_COMMISSION_MIN,
  maxDecimals: COMMISSION_DECIMALS,
  allowZero: true,
});
/** Empty (or absent, or null) is "not set here". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A margin level in percent: above 0, at most 1,000, 2 decimals; empty keeps the settings'. */
const levelField = z.preprocess(blankToUndefined, decimalField({ max: 1_000, maxDecimals: 2 }).optional());

/**
 * Levels are set both or neither, and 0 < stop-out < margin call (as in the settings).
 * Refusals name the field.
 */
function checkLevels(
  group: { margin_call_level?: string | undefined; stop_out_level?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const call = group.margin_call_level;
  const stop = group.stop_out_level;
  if (call === undefined && stop === undefined) return;
  if (call === undefined || stop === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [call === undefined ? 'margin_call_level' : 'stop_out_level'],
      params: { key: 'errors.admin_group_levels_both' },
    });
    return;
  }
  if (Number(stop) >= Number(call))
    ctx.addIssue({
      code: 'custom',
      path: ['stop_out_level'],
      params: { key: 'errors.admin_levels_invalid' },
    });
}

/**
 * POST /api/admin/groups/save — creates (no `id`) or edits a group. Changes apply to new
 * orders; an open position keeps the leverage, fee and commission it opened with (recorded
 * on the order), and whether it is swap-free. Levels apply to the whole account at once.
 * `is_default` 1 makes it the default of its kind (the previous one stops being it); the
 * default of a kind cannot be unset, only replaced. A group holding accounts keeps its kind.
 * Names are unique (case-insensitive).
 */
export const adminSaveGroupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/groups/save',
  input: z
    .object({
      id: optionalSmallId,
      name: requiredText(60),
      account_kind: z.enum(ACCOUNT_KINDS),
      is_default: flagField,
      professional: flagField,
      swap_free: flagField,
      trade_fee_type: intEnum([0, 1, 2]),
      margin_call_level: levelField,
      stop_out_level: levelField,
      commission_type: z.enum(COMMISSION_TYPES),
      commission_rate: commissionRate,
      commission_min: commissionMin,
    })
    .superRefine(checkLevels),
  output: AdminGroupSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/** POST /api/admin/groups/delete — refused while it holds accounts or is a default. */
export const adminDeleteGroupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/groups/delete',
  input: z.object({ id: smallIdField }),
  output: z.object({ id: z.number().int() }),
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * What a group sets for one category or one instrument (exactly one of the two). Null
 * fields keep the category's, the group's or the instrument's own; an instrument's
 * condition comes before its category's. The target's label comes with it, read by the
 * server from the market module, so an operator who may not list the catalogue (finance,
 * support) still reads names, not ids.
 */
export const AdminGroupConditionSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  category_id: z.number().int().nullable(),
  instrument_id: z.number().int().nullable(),
  /** The instrument's display code ("BTC/USD"); null for a category, or an instrument gone. */
  target_code: z.string().nullable(),
  /** The category's name in each language (as the categories list has it); null for an instrument, or a category gone. */
  target_names: z.partialRecord(z.enum(LANGS), z.string()).nullable(),
  leverages: z.array(z.number().int()).nullable(),
  fee_rate: z.string().nullable(),
  commission_type: z.enum(COMMISSION_TYPES).nullable(),
  commission_rate: z.string().nullable(),
  commission_min: z.string().nullable(),
  /** Points added to the spread on top of the instrument's markup; null keeps what is above. */
  markup_points: z.number().int().nullable(),
});
export type AdminGroupCondition = z.infer<typeof AdminGroupConditionSchema>;

/** GET /api/admin/groups/conditions — a group's conditions, categories first. */
export const adminGroupConditionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/groups/conditions',
  input: z.object({ group_id: smallIdField }),
  output: z.array(AdminGroupConditionSchema),
  ...operatorAccess(ROLES.people),
});

/**
 * POST /api/admin/groups/conditions/save — sets the group's condition for a category or an
 * instrument (replacing the one it had). Empty `leverages`, `fee_rate` or `markup_points` keep
 * what is above; an empty `commission_type` keeps the group's commission (rate and minimum
 * then ignored).
 * A condition that keeps everything is refused: delete it instead.
 */
export const adminSaveGroupConditionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/groups/conditions/save',
  input: z
    .object({
      group_id: smallIdField,
      category_id: optionalSmallId,
      instrument_id: optionalSmallId,
      leverages: z.preprocess(blankToUndefined, leverageList.optional()),
      /** 0 is a rate (no fee on this instrument); empty keeps what is above. */
      fee_rate: z.preprocess(
        blankToUndefined,
        decimalField({ max: 1_000_000, maxDecimals: 8, allowZero: true }).optional(),
      ),
      commission_type: z.preprocess(blankToUndefined, z.enum(COMMISSION_TYPES).optional()),
      commission_rate: commissionRate.optional(),
      commission_min: commissionMin.optional(),
      /** 0 is a markup (none here, whatever the category says); empty keeps what is above. */
      markup_points: z.preprocess(blankToUndefined, intField(0, MAX_MARKUP_POINTS).optional()),
    })
    .superRefine((c, ctx) => {
      // Neither: named on the first of the two; both: on the instrument.
      if ((c.category_id === undefined) === (c.instrument_id === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [c.category_id === undefined ? 'category_id' : 'instrument_id'],
          params: { key: 'errors.admin_condition_target' },
        });
      if (
        c.leverages === undefined &&
        c.fee_rate === undefined &&
        c.commission_type === undefined &&
        c.markup_points === undefined
      )
        ctx.addIssue({
          code: 'custom',
          path: ['leverages'],
          params: { key: 'errors.admin_condition_empty' },
        });
    }),
  output: AdminGroupConditionSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/** POST /api/admin/groups/conditions/delete — the group falls back to what is above. */
export const adminDeleteGroupConditionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/groups/conditions/delete',
  input: z.object({ id: smallIdField }),
  output: z.object({ id: z.number().int() }),
  ...operatorAccess(ROLES.adminOnly),
});

/** A retail leverage cap: the most leverage (x:1) a retail group offers in the class. */
export const AdminLeverageCapSchema = z.object({
  asset_class: z.enum(ASSET_CLASSES),
  cap: z.number().int(),
  /** ESMA's cap for the class, for comparison. */
  esma: z.number().int(),
});
export type AdminLeverageCap = z.infer<typeof AdminLeverageCapSchema>;

/** GET /api/admin/leverage_caps — every asset class's cap, in the order of ASSET_CLASSES. */
export const adminLeverageCapsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/leverage_caps',
  input: z.object({}),
  output: z.array(AdminLeverageCapSchema),
  ...operatorAccess(ROLES.people),
});

/**
 * POST /api/admin/leverage_caps/save — sets a class's cap for retail groups (a jurisdiction
 * other than ESMA's may allow more or less): 1 to 10,000. Applies to new orders; open
 * positions keep their leverage.
 */
export const adminSaveLeverageCapEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/leverage_caps/save',
  input: z.object({ asset_class: z.enum(ASSET_CLASSES), cap: intField(1, 10_000) }),
  output: AdminLeverageCapSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/users/group — moves a trader's account to another group of its kind (a
 * demo account to a demo group). Applies from the next order; open positions keep their
 * terms; the account's margin-call and stop-out levels change at once. Audited with the reason.
 */
export const adminSetUserGroupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/group',
  input: z.object({ id: idField, group_id: smallIdField, reason: optionalText(200) }),
  output: AdminUserSchema,
  ...operatorAccess(ROLES.adminOnly),
});
