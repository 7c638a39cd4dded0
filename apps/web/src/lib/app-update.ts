/**
 * A new version of the app, downloaded and waiting (docs/installable-app.md "Updates"):
 * the service worker's registration (app/service-worker.ts) announces it with the way to
 * switch to it, and the update prompt (components/update-prompt.tsx) offers it. Kept
 * outside React so the registration, which starts after the first screen, needs no tree.
 */
type Apply = () => Promise<void>;

let apply: Apply | null = null;
let dismissed = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** A new version is waiting; `switchTo` activates it and reloads the page. */
export function announceUpdate(switchTo: Apply): void {
  apply = switchTo;
  dismissed = false;
  emit();
}

/** "Later": the prompt goes until the next version, or the next start of the app. */
export function dismissUpdate(): void {
  dismissed = true;
  emit();
}

/** Whether the prompt is shown. */
export function updateOffered(): boolean {
  return apply !== null && !dismissed;
}

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "Reload": the waiting version takes over and the page reloads in it. */
export async function applyUpdate(): Promise<void> {
  await apply?.();
}
