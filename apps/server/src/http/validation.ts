import { ResultCode } from '@pipwise/shared';
import type { z } from 'zod';
import { AppError } from '../core/app-error.js';

interface CustomParams {
  key?: string;
  vars?: Record<string, unknown>;
}

/**
 * Turns the first problem zod found into a translated, field-named message:
 * "email is required" or "page is not valid". The field travels in `data.field` too.
 */
export function validationError(error: z.ZodError, input?: unknown): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'body';
  // Our field helpers name a precise message ("at most 4 decimals") in the issue's params.
  const params = issue?.code === 'custom' ? (issue.params as CustomParams | undefined) : undefined;
  if (params?.key) return new AppError(ResultCode.InvalidParams, params.key, { ...params.vars, field });
  // Absent or empty is "required" whatever kind of field it is (a union reports it otherwise).
  const given = issue?.path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );
  const missing = issue !== undefined && issue.path.length > 0 && (given === undefined || given === '');
  return new AppError(ResultCode.InvalidParams, missing ? 'errors.field_required' : 'errors.field_invalid', {
    field,
  });
}

/**
 * The path of the first string holding a NUL byte, anywhere in a parsed body or query, or
 * null. PostgreSQL refuses NUL in text, and no field of ours has a use for one.
 */
export function nulBytePath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.split('\u0000').join('')].join('.');
    const found = nulBytePath(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Parses input with an endpoint's schema or throws the translated validation error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulBytePath(input);
  if (nul !== null) throw new AppError(ResultCode.InvalidParams, 'errors.nul_byte', { field: nul });
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error, input);
  return result.data;
}
