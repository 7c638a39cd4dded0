/**
 * The identity form before it is sent (docs/product.md §5): name and ID number required, both photos
 * uploaded (not still uploading). First problem wins, in the order of the form.
 */
export type IdentityField = 'name' | 'card_id' | 'front_pic' | 'reverse_pic';
export type IdentityProblem = { field: IdentityField; kind: 'required' | 'too_long' | 'uploading' };

/** The contract's limits (packages/shared/src/api/identity.ts). */
export const IDENTITY_MAX_LENGTH = { name: 100, card_id: 40 } as const;

export interface IdentityValues {
  name: string;
  cardId: string;
  front: { url: string | null; uploading: boolean };
  back: { url: string | null; uploading: boolean };
}

export function checkIdentity(values: IdentityValues): IdentityProblem | null {
  const name = values.name.trim();
  const cardId = values.cardId.trim();
  if (!name) return { field: 'name', kind: 'required' };
  if (name.length > IDENTITY_MAX_LENGTH.name) return { field: 'name', kind: 'too_long' };
  if (!cardId) return { field: 'card_id', kind: 'required' };
  if (cardId.length > IDENTITY_MAX_LENGTH.card_id) return { field: 'card_id', kind: 'too_long' };
  for (const [field, slot] of [
    ['front_pic', values.front],
    ['reverse_pic', values.back],
  ] as const) {
    if (slot.uploading) return { field, kind: 'uploading' };
    if (!slot.url) return { field, kind: 'required' };
  }
  return null;
}
