import type { CrudForm } from './types';

/**
 * What a CRUD modal sends: the row's `id` when it edits one (none for a new row), then the
 * form's own input for the confirmed values.
 */
export function crudPayload<V, Input>(
  form: Pick<CrudForm<V, Input>, 'toInput'>,
  values: V,
  id: number | undefined,
): Input & { id?: number } {
  return { ...(id === undefined ? {} : { id }), ...form.toInput(values) };
}

/** Trimmed text of an optional field ('' when left empty). */
export const text = (value: string | undefined | null): string => (value ?? '').trim();
