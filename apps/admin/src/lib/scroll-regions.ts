import { useEffect, type RefObject } from 'react';

/**
 * Makes the sideways-scrolling box of each antd table under `ref` reachable by keyboard
 * (docs/accessibility.md "Names"): a box that scrolls with nothing focusable inside — a table
 * of figures on a phone — could not be scrolled without a mouse. Each gets `tabIndex=0` and
 * is a region named `label`. antd draws the box itself and takes no props for it, hence the
 * look after each change of what is inside.
 */
export function useScrollRegions(ref: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content')) {
        if (box.tabIndex !== 0) box.tabIndex = 0;
        if (box.getAttribute('role') !== 'region') box.setAttribute('role', 'region');
        if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
      }
    };
    mark();
    // Only elements coming and going are watched: the attributes set here start no new look.
    const watch = new MutationObserver(mark);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [ref, label]);
}
