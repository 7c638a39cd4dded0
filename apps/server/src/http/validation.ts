import { ResultCode } from '@pipwise/shared';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Turns the first problem zod found into a translated, field-named message:
 * "email is required" or "page is not valid". The field travels in `data.field` too.
 */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const missing = issue?.code === 'invalid_type' && /received undefined/.test(issue.message);
  return new AppError(ResultCode.InvalidParams, missing ? 'errors.field_required' : 'errors.field_invalid', {
    field,
  });
}

/** Parses input with an endpoint's schema or throws the translated validation error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
