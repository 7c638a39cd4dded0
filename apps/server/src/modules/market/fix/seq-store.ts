import fs from 'node:fs';
import path from 'node:path';
import type { IFixMsgStoreRecord, IFixSessionStore, IFixSessionStoreFactory, SessionId } from 'jspurefix';

/** How long a change of the expected incoming number may wait before it is written, ms. */
const TARGET_WRITE_DELAY_MS = 50;
/** The QuickFIX `.seqnums` layout: sender and target right-justified in 20 characters. */
const SEQNUMS = /^\s*(\d{1,15})\s*:\s*(\d{1,15})\s*$/;

/**
 * A FIX session's sequence numbers, kept in a QuickFIX-compatible `<session>.seqnums` file
 * (`FIX.4.4-SENDER-TARGET.seqnums`, "sender : target") so a restart resumes the session
 * where it stopped — or in memory only, for the LP simulator (no directory).
 *
 * Messages themselves are not kept: a market-data session never replays what it sent (an
 * old subscription or heartbeat is stale by definition), so the engine answers a resend
 * request with a gap fill — which is what jspurefix does when its message store is empty.
 *
 * Writes are atomic (a temporary file renamed over the old one) and ordered. A change of
 * the next outgoing number is written at once, synchronously: a number written too low
 * would make the provider refuse the next logon. A change of the expected incoming number
 * comes with every message received and is written at most every 50 ms and at `flush`; one
 * lost in a crash only costs a resend request the engine answers itself.
 */
export class SequenceStore implements IFixSessionStore {
  private sender = 1;
  private target = 1;
  private created = new Date();
  private loaded = false;
  private writeTimer: NodeJS.Timeout | undefined;
  private readonly file: string | undefined;

  constructor(
    readonly sessionId: SessionId,
    directory: string | undefined,
  ) {
    this.file = directory === undefined ? undefined : sessionId.getFilePath(directory, 'seqnums');
  }

  /** Whether this session has numbers to resume from (kept in memory or found on disk). */
  hasState(): boolean {
    if (this.loaded) return true;
    return this.file !== undefined && this.read() !== undefined;
  }

  get senderSeqNum(): number {
    return this.sender;
  }
  set senderSeqNum(value: number) {
    this.sender = value;
  }
  get targetSeqNum(): number {
    return this.target;
  }
  set targetSeqNum(value: number) {
    this.target = value;
  }
  get creationTime(): Date {
    return this.created;
  }

  setSenderSeqNum(value: number): Promise<void> {
    this.sender = value;
    this.writeNow();
    return Promise.resolve();
  }

  setTargetSeqNum(value: number): Promise<void> {
    this.target = value;
    this.writeSoon();
    return Promise.resolve();
  }

  nextSenderSeqNum(): Promise<number> {
    this.sender += 1;
    this.writeNow();
    return Promise.resolve(this.sender);
  }

  nextTargetSeqNum(): Promise<number> {
    this.target += 1;
    this.writeSoon();
    return Promise.resolve(this.target);
  }

  reset(): Promise<void> {
    this.sender = 1;
    this.target = 1;
    this.created = new Date();
    this.loaded = true;
    this.writeNow();
    return Promise.resolve();
  }

  // A market-data session keeps no messages: a resend is answered with a gap fill.
  put(_record: IFixMsgStoreRecord): Promise<void> {
    return Promise.resolve();
  }
  get(_seqNum: number): Promise<IFixMsgStoreRecord | null> {
    return Promise.resolve(null);
  }
  getRange(_from: number, _to: number): Promise<IFixMsgStoreRecord[]> {
    return Promise.resolve([]);
  }

  /**
   * Reads the numbers once per process; later sessions of the same SessionId share this
   * object (SequenceStoreFactory), so what is in memory is newer than the file.
   */
  initialize(): Promise<void> {
    if (!this.loaded) {
      const found = this.file === undefined ? undefined : this.read();
      if (found) [this.sender, this.target] = found;
      this.loaded = true;
    }
    return Promise.resolve();
  }

  flush(): Promise<void> {
    if (this.writeTimer) this.writeNow();
    return Promise.resolve();
  }

  dispose(): Promise<void> {
    return this.flush();
  }

  /** Writes a pending change now (synchronously): at shutdown and when a session ends. */
  flushSync(): void {
    if (this.writeTimer) this.writeNow();
  }

  private read(): [number, number] | undefined {
    let text: string;
    try {
      text = fs.readFileSync(this.file!, 'utf8');
    } catch {
      return undefined;
    }
    const m = SEQNUMS.exec(text);
    if (!m) return undefined; // unreadable: as good as gone, the session starts over
    const [sender, target] = [Number(m[1]), Number(m[2])];
    return sender >= 1 && target >= 1 ? [sender, target] : undefined;
  }

  private writeSoon(): void {
    if (this.file === undefined || this.writeTimer) return;
    this.writeTimer = setTimeout(() => this.writeNow(), TARGET_WRITE_DELAY_MS);
    this.writeTimer.unref();
  }

  private writeNow(): void {
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    if (this.file === undefined) return;
    const text = `${String(this.sender).padStart(20, ' ')} : ${String(this.target).padStart(20, ' ')}`;
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(temp, text, 'utf8');
    fs.renameSync(temp, this.file);
  }
}

/**
 * Hands every session of one SessionId the same SequenceStore, so the sessions a
 * reconnecting feed (or the LP simulator's acceptor) opens one after another continue one
 * sequence. `directory` undefined keeps the numbers in memory for the process's life.
 */
export class SequenceStoreFactory implements IFixSessionStoreFactory {
  private readonly stores = new Map<string, SequenceStore>();

  constructor(readonly directory: string | undefined) {}

  create(sessionId: SessionId): SequenceStore {
    const key = sessionId.toString();
    let store = this.stores.get(key);
    if (!store) {
      store = new SequenceStore(sessionId, this.directory);
      this.stores.set(key, store);
    }
    return store;
  }

  /** Writes every pending change now. */
  flushSync(): void {
    for (const store of this.stores.values()) store.flushSync();
  }
}
