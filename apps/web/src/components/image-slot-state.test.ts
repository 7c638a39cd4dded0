import { describe, expect, it } from 'vitest';
import {
  emptySlot,
  slotPreview,
  slotReducer,
  slotValue,
  type SlotAction,
  type SlotState,
} from './image-slot-state';

const run = (actions: SlotAction[], from: SlotState = emptySlot) => actions.reduce(slotReducer, from);

describe('image slot', () => {
  it('goes empty → uploading → done and reports the URL only when done', () => {
    const uploading = run([{ type: 'pick', preview: 'blob:1' }]);
    expect(uploading).toEqual({ kind: 'uploading', seq: 1, preview: 'blob:1' });
    expect(slotValue(uploading)).toEqual({ url: null, uploading: true });
    const done = slotReducer(uploading, { type: 'uploaded', seq: 1, url: '/api/common/image/a.png' });
    expect(slotValue(done)).toEqual({ url: '/api/common/image/a.png', uploading: false });
    expect(slotPreview(done)).toBe('blob:1');
  });

  it('clears the slot when the upload fails (docs/product.md §8)', () => {
    const state = run([
      { type: 'pick', preview: 'blob:1' },
      { type: 'failed', seq: 1 },
    ]);
    expect(state.kind).toBe('empty');
    expect(slotValue(state)).toEqual({ url: null, uploading: false });
    expect(slotPreview(state)).toBeNull();
  });

  it('holds one image: a second pick while full is ignored', () => {
    const done = run([
      { type: 'pick', preview: 'blob:1' },
      { type: 'uploaded', seq: 1, url: '/u/1' },
    ]);
    expect(slotReducer(done, { type: 'pick', preview: 'blob:2' })).toBe(done);
    const uploading = run([{ type: 'pick', preview: 'blob:1' }]);
    expect(slotReducer(uploading, { type: 'pick', preview: 'blob:2' })).toBe(uploading);
  });

  it('ignores the answer of an upload that was removed or replaced meanwhile', () => {
    // Picked, removed while uploading, picked again: the first answer must not land.
    const second = run([
      { type: 'pick', preview: 'blob:1' },
      { type: 'clear' },
      { type: 'pick', preview: 'blob:2' },
    ]);
    expect(second).toEqual({ kind: 'uploading', seq: 2, preview: 'blob:2' });
    expect(slotReducer(second, { type: 'uploaded', seq: 1, url: '/u/old' })).toBe(second);
    expect(slotReducer(second, { type: 'failed', seq: 1 })).toBe(second);
    expect(slotValue(slotReducer(second, { type: 'uploaded', seq: 2, url: '/u/new' })).url).toBe('/u/new');

    // Removed while uploading and never replaced: a late success leaves it empty.
    const removed = run([{ type: 'pick', preview: 'blob:1' }, { type: 'clear' }]);
    expect(slotReducer(removed, { type: 'uploaded', seq: 1, url: '/u/late' }).kind).toBe('empty');
  });

  it('removing a done image empties the slot, ready for another pick', () => {
    const state = run([
      { type: 'pick', preview: 'blob:1' },
      { type: 'uploaded', seq: 1, url: '/u/1' },
      { type: 'clear' },
      { type: 'pick', preview: 'blob:2' },
    ]);
    expect(state).toEqual({ kind: 'uploading', seq: 2, preview: 'blob:2' });
  });
});
