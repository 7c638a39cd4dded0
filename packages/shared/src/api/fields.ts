import { z } from 'zod';

/**
 * Field helpers for inputs that arrive as query strings or url-encoded forms, where every
 * value is a string: they coerce, trim and bound, so a route sees clean typed values.
 */

/** An optional trimmed text; an empty string counts as absent. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

/** A positive integer id, from a number or a numeric string. */
export const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An optional positive integer id; an empty string counts as absent. */
export const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional());

/** A 1-based page number, default 1. */
export const pageField = z.preprocess(
  (v) => (v === '' || v === undefined ? 1 : v),
  z.coerce.number().int().min(1).max(100_000),
);
