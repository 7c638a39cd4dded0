// @vitest-environment jsdom
import { ApiError, type SubmissionTimers } from '@pipwise/client';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSubmission, type SubmissionHandlers } from './use-submission';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Timers the test fires by hand: the gate's settle delay after an answer. */
function manualTimers() {
  const due = new Map<number, () => void>();
  let next = 0;
  const timers: SubmissionTimers = {
    setTimeout: (fn) => {
      due.set(++next, fn);
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const fire = () =>
    act(() => {
      const fns = [...due.values()];
      due.clear();
      for (const fn of fns) fn();
    });
  return { timers, fire };
}

interface Order {
  lots: string;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** A Buy button as the ticket has it: the submission's submit on click, disabled while locked. */
function mount(
  send: (input: Order, key: string) => Promise<string>,
  timers: SubmissionTimers,
  handlers: SubmissionHandlers<Order, string> = {},
  lots = { current: '0.01' },
) {
  function Ticket() {
    const order = useSubmission<Order, string>(send, handlers, { timers, newKey: keys() });
    return (
      <button type="button" disabled={order.locked} onClick={() => void order.submit({ lots: lots.current })}>
        Buy
      </button>
    );
  }
  act(() => root.render(<Ticket />));
  return container.querySelector('button')!;
}

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

/** Lets the answers of the sends settle inside React's act. */
const settle = () => act(async () => {});

describe('useSubmission', () => {
  it('sends one order for a double click: the second click lands before any render', async () => {
    const { timers } = manualTimers();
    const sent: string[] = [];
    let answer!: (id: string) => void;
    const button = mount((_input, key) => {
      sent.push(key);
      return new Promise((resolve) => (answer = resolve));
    }, timers);
    act(() => {
      button.click();
      button.click();
    });
    expect(sent).toEqual(['key-1']);
    // Locked while in flight: a third click (Enter on the focused button) does nothing either.
    expect(button.disabled).toBe(true);
    button.click();
    expect(sent).toEqual(['key-1']);
    answer('order 1');
    await settle();
  });

  it('keeps the button locked a moment after a fast answer, then takes the next tap as a new order', async () => {
    const { timers, fire } = manualTimers();
    const sent: string[] = [];
    const done: string[] = [];
    const button = mount(
      (_input, key) => {
        sent.push(key);
        return Promise.resolve(`order ${sent.length}`);
      },
      timers,
      { onSuccess: (id) => done.push(id) },
    );
    act(() => button.click());
    await settle();
    expect(done).toEqual(['order 1']);
    // The second click of a double click, after the server already answered the first.
    expect(button.disabled).toBe(true);
    act(() => button.click());
    expect(sent).toEqual(['key-1']);
    fire();
    expect(button.disabled).toBe(false);
    act(() => button.click());
    await settle();
    expect(sent).toEqual(['key-1', 'key-2']);
  });

  it('retries a submission that got no answer with its key; a changed order gets a new one', async () => {
    const { timers, fire } = manualTimers();
    const sent: [string, string][] = [];
    let lose = true;
    const lots = { current: '0.01' };
    const button = mount(
      (input, key) => {
        sent.push([input.lots, key]);
        return lose ? Promise.reject(new ApiError('network', 'Failed to fetch')) : Promise.resolve('ok');
      },
      timers,
      {},
      lots,
    );
    act(() => button.click());
    await settle();
    fire();
    // The trader taps again: the same order, the same key (the first may have been booked).
    act(() => button.click());
    await settle();
    fire();
    lose = false;
    lots.current = '0.02';
    act(() => button.click());
    await settle();
    expect(sent).toEqual([
      ['0.01', 'key-1'],
      ['0.01', 'key-1'],
      ['0.02', 'key-2'],
    ]);
  });

  it('asks its confirmation once, however many taps arrive while it is open', async () => {
    const { timers } = manualTimers();
    let confirms = 0;
    let answerDialog!: (ok: boolean) => void;
    const sent: string[] = [];
    const button = mount(
      (_input, key) => {
        sent.push(key);
        return Promise.resolve('closed');
      },
      timers,
      {
        confirm: () => {
          confirms += 1;
          return new Promise<boolean>((resolve) => (answerDialog = resolve));
        },
      },
    );
    act(() => {
      button.click();
      button.click();
    });
    expect(confirms).toBe(1);
    answerDialog(true);
    await settle();
    expect(sent).toEqual(['key-1']);
  });
});
