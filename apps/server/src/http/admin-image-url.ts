import { adminImageEndpoint } from '@pipwise/shared';

/** Where an operator fetches a private upload (with the session header): `/api/admin/image?name=…`. */
export function adminImageUrl(name: string | null | undefined): string {
  return name ? `${adminImageEndpoint.path}?name=${encodeURIComponent(name)}` : '';
}
