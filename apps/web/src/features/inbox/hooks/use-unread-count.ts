import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/use-session';
import { unreadQueryOptions } from '../api/inbox-list';

/** The signed-in user's unread notices (0 without a session or before the first read). */
export function useUnreadCount(): number {
  const session = useSession();
  const userId = session?.user?.id ?? 0;
  const unread = useQuery({ ...unreadQueryOptions(userId), enabled: session !== null });
  return session ? (unread.data ?? 0) : 0;
}
