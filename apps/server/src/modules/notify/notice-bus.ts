/**
 * "The inbox of this user changed", told after the transaction that wrote to it committed.
 * The socket pushes listen here; in the scaled shape the cluster carries each one to the
 * other instances (`remote`), where the trader's socket may be. A message lost on the way
 * only delays a badge: the app reads the inbox again whenever its socket logs in.
 */
export type NoticeListener = (userId: number, written: boolean, remote: boolean) => void;

export class NoticeBus {
  private readonly listeners = new Set<NoticeListener>();

  /** `written`: a notice was added (the push carries it); otherwise some were only read. */
  announce(userId: number, written: boolean, remote = false): void {
    for (const listener of this.listeners) listener(userId, written, remote);
  }

  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
