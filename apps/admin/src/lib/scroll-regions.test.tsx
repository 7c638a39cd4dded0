// @vitest-environment jsdom
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useScrollRegions } from './scroll-regions';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

/** Stands for antd's table: its scrolling box, and a second one that comes later. */
function Tables({ more = false }: { more?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useScrollRegions(box, 'Reports');
  return (
    <div ref={box}>
      <div className="ant-table-content" data-testid="first" />
      {more ? <div className="ant-table-content" data-testid="second" /> : null}
      <div className="ant-table-body" data-testid="other" />
    </div>
  );
}

const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('useScrollRegions (docs/accessibility.md)', () => {
  it('makes a table’s scrolling box a named region the keyboard reaches', () => {
    act(() => root.render(<Tables />));
    const box = byTestId('first');
    expect(box.tabIndex).toBe(0);
    expect(box.getAttribute('role')).toBe('region');
    expect(box.getAttribute('aria-label')).toBe('Reports');
    expect(byTestId('other').hasAttribute('tabindex')).toBe(false);
  });

  it('marks a box that appears later too', async () => {
    act(() => root.render(<Tables />));
    act(() => root.render(<Tables more />));
    // The observer reports after the change, in a microtask.
    await act(() => Promise.resolve());
    expect(byTestId('second').tabIndex).toBe(0);
    expect(byTestId('second').getAttribute('aria-label')).toBe('Reports');
  });
});
