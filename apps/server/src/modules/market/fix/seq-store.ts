import fs from 'node:fs';
import path from 'node:path';
import type { IFixMsgStoreRecord, IFixSessionStore, IFixSessionStoreFactory, SessionId } from 'jspurefix';

/** A FIX session's numbers: the next one we send, the next one we expect. */
export interface SequenceNumbers {
  sender: number;
  target: number;
}

/**
 * Where a session's sequence numbers are kept between processes: a file on this machine
 * (the embedded shape, `fileSequences`) or the database, so that whichever instance becomes
 * the engine resumes the session (the scaled shape, sources/fix-sequence.repository.ts).
 */
export interface SequenceMedium {
  /** How long a change of the expected incoming number may wait before it is written, ms. */
  readonly targetDelayMs: number;
  /** The numbers kept for the session, or undefined (none yet, or unreadable: it starts over). */
  read(session: SessionId): Promise<SequenceNumbers | undefined>;
  /** Keeps the numbers; the store calls it one write at a time, newest last. */
  write(session: SessionId, numbers: SequenceNumbers): Promise<void>;
}

/**
 * A FIX session's sequence numbers, kept in a medium so a restart (or, scaled, another
 * instance) resumes the session where it stopped — or in memory only, for the LP simulator
 * (no medium).
 *
 * Messages themselves are not kept: a market-data session never replays what it sent (an
 * old subscription or heartbeat is stale by definition), and a trading session's orders are
 * asked about by OrderStatusRequest after a reconnect rather than replayed, so the engine
 * answers a resend request with a gap fill — which jspurefix does when its store is empty.
 *
 * A change of the next outgoing number is written at once (a number kept too low makes the
 * provider refuse the next logon; jspurefix then retries with higher numbers). A change of
 * the expected incoming number comes with every message received and is written at most
 * every `targetDelayMs` and at `flush`: one lost in a crash only costs a resend request the
 * provider answers. Writes run one at a time and coalesce: the last one carries the newest.
 */
export class SequenceStore implements IFixSessionStore {
  private sender = 1;
  private target = 1;
  private created = new Date();
  private loaded = false;
  private writeTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private busy = false;
  /** A change not yet handed to the medium. */
  private dirty = false;

  constructor(
    readonly sessionId: SessionId,
    private readonly medium: SequenceMedium | undefined,
  ) {}

  /** Whether this session has numbers to resume from (kept in memory or found in the medium). */
  async hasState(): Promise<boolean> {
    if (this.loaded) return true;
    return this.medium !== undefined && (await this.medium.read(this.sessionId)) !== undefined;
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

  // No messages are kept: a resend is answered with a gap fill.
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
   * object (SequenceStoreFactory), so what is in memory is newer than the medium.
   */
  async initialize(): Promise<void> {
    if (this.loaded) return;
    const found = await this.medium?.read(this.sessionId);
    // Read once even if two sessions asked at once: the first answer stands.
    if (this.loaded) return;
    if (found) ({ sender: this.sender, target: this.target } = found);
    this.loaded = true;
  }

  /** Writes a pending change and waits until every write has reached the medium. */
  async flush(): Promise<void> {
    this.flushSync();
    await this.writing;
  }

  dispose(): Promise<void> {
    return this.flush();
  }

  /** Starts writing a pending change now (a file is written before this returns). */
  flushSync(): void {
    if (this.writeTimer) this.writeNow();
  }

  private writeSoon(): void {
    if (this.medium === undefined || this.writeTimer) return;
    this.writeTimer = setTimeout(() => this.writeNow(), this.medium.targetDelayMs);
    this.writeTimer.unref();
  }

  private writeNow(): void {
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    const medium = this.medium;
    if (medium === undefined) return;
    this.dirty = true;
    if (this.busy) return; // the running writer takes the newest numbers next
    this.busy = true;
    // The first write starts synchronously (a file medium has written it when this returns).
    // The loop's last check of `dirty` and `busy = false` run in one turn: no change is lost.
    this.writing = (async () => {
      try {
        while (this.dirty) {
          this.dirty = false;
          // A failed write is not retried on its own: the next change writes the newest numbers.
          await medium
            .write(this.sessionId, { sender: this.sender, target: this.target })
            .catch(() => undefined);
        }
      } finally {
        this.busy = false;
      }
    })();
  }
}

/** The QuickFIX `.seqnums` layout: sender and target right-justified in 20 characters. */
const SEQNUMS = /^\s*(\d{1,15})\s*:\s*(\d{1,15})\s*$/;

/**
 * Numbers in a QuickFIX-compatible `<session>.seqnums` file under `directory`
 * (`FIX.4.4-SENDER-TARGET.seqnums`, "sender : target"), written atomically (a temporary file
 * renamed over the old one) and synchronously.
 */
export function fileSequences(directory: string): SequenceMedium {
  const fileOf = (session: SessionId) => session.getFilePath(directory, 'seqnums');
  return {
    targetDelayMs: 50,
    read(session) {
      let text: string;
      try {
        text = fs.readFileSync(fileOf(session), 'utf8');
      } catch {
        return Promise.resolve(undefined);
      }
      return Promise.resolve(parseSeqnums(text));
    },
    write(session, { sender, target }) {
      const file = fileOf(session);
      const text = `${String(sender).padStart(20, ' ')} : ${String(target).padStart(20, ' ')}`;
      const temp = `${file}.${process.pid}.tmp`;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(temp, text, 'utf8');
      fs.renameSync(temp, file);
      return Promise.resolve();
    },
  };
}

/** The numbers of a `.seqnums` text, or undefined when it is unreadable (as good as gone). */
function parseSeqnums(text: string): SequenceNumbers | undefined {
  const m = SEQNUMS.exec(text);
  if (!m) return undefined;
  const [sender, target] = [Number(m[1]), Number(m[2])];
  return sender >= 1 && target >= 1 ? { sender, target } : undefined;
}

/**
 * Hands every session of one SessionId the same SequenceStore, so the sessions a
 * reconnecting feed (or the LP simulator's acceptor) opens one after another continue one
 * sequence. No medium keeps the numbers in memory for the process's life.
 */
export class SequenceStoreFactory implements IFixSessionStoreFactory {
  private readonly stores = new Map<string, SequenceStore>();

  constructor(readonly medium: SequenceMedium | undefined) {}

  create(sessionId: SessionId): SequenceStore {
    const key = sessionId.toString();
    let store = this.stores.get(key);
    if (!store) {
      store = new SequenceStore(sessionId, this.medium);
      this.stores.set(key, store);
    }
    return store;
  }

  /** Starts writing every pending change now. */
  flushSync(): void {
    for (const store of this.stores.values()) store.flushSync();
  }

  /** Writes every pending change and waits for the writes. */
  async flush(): Promise<void> {
    await Promise.all([...this.stores.values()].map((store) => store.flush()));
  }
}

/** Where a session's numbers go: `sequences` if given, else files under `storeDir`, else memory. */
export function sequenceMediumOf(options: {
  sequences?: SequenceMedium | undefined;
  storeDir?: string | undefined;
}): SequenceMedium | undefined {
  if (options.sequences) return options.sequences;
  return options.storeDir === undefined ? undefined : fileSequences(options.storeDir);
}
