import { describe, expect, it } from 'vitest';
import { checkIdentity, type IdentityValues } from './identity-check';

const ok: IdentityValues = {
  name: 'Chan Tai Man',
  cardId: 'A1234567',
  front: { url: '/api/common/image/f.jpg', uploading: false },
  back: { url: '/api/common/image/b.jpg', uploading: false },
};

describe('identity form check (docs/product.md §5)', () => {
  it('passes a complete form', () => {
    expect(checkIdentity(ok)).toBeNull();
  });

  it('asks for name, ID number, front and back photo, in that order', () => {
    const none = { url: null, uploading: false };
    expect(checkIdentity({ ...ok, name: ' ', cardId: '' })).toEqual({ field: 'name', kind: 'required' });
    expect(checkIdentity({ ...ok, cardId: '  ' })).toEqual({ field: 'card_id', kind: 'required' });
    expect(checkIdentity({ ...ok, front: none, back: none })).toEqual({
      field: 'front_pic',
      kind: 'required',
    });
    expect(checkIdentity({ ...ok, back: none })).toEqual({ field: 'reverse_pic', kind: 'required' });
  });

  it('waits for a photo still uploading, and keeps to the contract lengths', () => {
    expect(checkIdentity({ ...ok, back: { url: null, uploading: true } })).toEqual({
      field: 'reverse_pic',
      kind: 'uploading',
    });
    expect(checkIdentity({ ...ok, name: 'n'.repeat(101) })).toEqual({ field: 'name', kind: 'too_long' });
    expect(checkIdentity({ ...ok, cardId: '9'.repeat(41) })).toEqual({ field: 'card_id', kind: 'too_long' });
  });
});
