/**
 * One image slot (docs/product.md §9: at most one image per slot): empty → uploading → done, back to
 * empty on failure (docs/product.md §8: a failed upload clears the slot) or when removed. Each pick
 * gets a number, so the answer of an upload the trader already replaced or removed is
 * ignored instead of overwriting the newer choice.
 */
export type SlotState =
  | { kind: 'empty'; seq: number }
  | { kind: 'uploading'; seq: number; preview: string }
  | { kind: 'done'; seq: number; preview: string; url: string };

export type SlotAction =
  | { type: 'pick'; preview: string }
  | { type: 'uploaded'; seq: number; url: string }
  | { type: 'failed'; seq: number }
  | { type: 'clear' };

export const emptySlot: SlotState = { kind: 'empty', seq: 0 };

export function slotReducer(state: SlotState, action: SlotAction): SlotState {
  switch (action.type) {
    case 'pick':
      // A slot holds one image: picking is only offered while it is empty.
      if (state.kind !== 'empty') return state;
      return { kind: 'uploading', seq: state.seq + 1, preview: action.preview };
    case 'uploaded':
      if (state.kind !== 'uploading' || state.seq !== action.seq) return state;
      return { kind: 'done', seq: state.seq, preview: state.preview, url: action.url };
    case 'failed':
      if (state.kind !== 'uploading' || state.seq !== action.seq) return state;
      return { kind: 'empty', seq: state.seq };
    case 'clear':
      return state.kind === 'empty' ? state : { kind: 'empty', seq: state.seq };
  }
}

/** What the form sees: the uploaded URL, if any, and whether an upload is running. */
export function slotValue(state: SlotState): { url: string | null; uploading: boolean } {
  return { url: state.kind === 'done' ? state.url : null, uploading: state.kind === 'uploading' };
}

/** The local preview shown in the slot, if any. */
export function slotPreview(state: SlotState): string | null {
  return state.kind === 'empty' ? null : state.preview;
}
