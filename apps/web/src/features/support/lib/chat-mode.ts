import { ServiceLinkType } from '@pipwise/shared';

/**
 * How the customer-service page reaches support (docs/product.md §3 `service_link_type`): 2 shows the
 * link in a dialog with copy, 3 sends the browser there, anything else shows the service
 * page in a sandboxed frame. The link is the operators' setting: only an absolute http(s)
 * URL is used, so a `javascript:` link can never reach `location.assign` or a frame.
 */
export type ChatMode =
  | { kind: 'none' }
  | { kind: 'dialog'; url: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'frame'; url: string; sandbox: string };

/** What the frame may do: run the chat's scripts, send its forms, open links in new tabs. */
const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

export function chatModeOf(link: string, type: number, pageOrigin: string): ChatMode {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  const href = url.toString();
  if (type === ServiceLinkType.Dialog) return { kind: 'dialog', url: href };
  if (type === ServiceLinkType.Redirect) return { kind: 'redirect', url: href };
  // A page of our own origin with scripts and its origin could lift its own sandbox; one of
  // another origin keeps its own storage (its chat session) and still cannot touch ours.
  const sandbox = url.origin === pageOrigin ? FRAME_SANDBOX : `${FRAME_SANDBOX} allow-same-origin`;
  return { kind: 'frame', url: href, sandbox };
}
