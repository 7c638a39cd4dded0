import type { ServerLog } from '../../core/index.js';

/** One kind of outbox: rows written with the change that decided them, sent afterwards. */
export interface OutboxWork<Row> {
  /** Named in the log when a pass fails. */
  name: string;
  /** Pending rows due at `now`, oldest first. */
  due(now: number, size: number): Promise<Row[]>;
  /** Takes a row for this instance until `until`; false when another instance took it. */
  claim(row: Row, until: number): Promise<boolean>;
  /** Sends a claimed row and records the outcome; whether it was sent. */
  send(row: Row): Promise<boolean>;
  /** How long a claim holds before the row falls due again (a sender that crashed). */
  claimMs: number;
}

/**
 * Sends an outbox on every instance (the mail queue, web push): each pass takes what is due,
 * claims each row (exactly one instance wins it) and sends it; one pass at a time per process.
 */
export class OutboxRunner<Row> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly work: OutboxWork<Row>,
    private readonly log: ServerLog,
    private readonly now: () => number,
  ) {}

  /** Sends what is due; returns how many were sent. */
  dispatch(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(everyMs: number): () => void {
    const report = (err: unknown) => this.log.error({ err }, `${this.work.name} pass failed`);
    this.timer = setInterval(() => void this.dispatch().catch(report), everyMs);
    this.timer.unref();
    return () => clearInterval(this.timer);
  }

  private async pass(): Promise<number> {
    let sent = 0;
    for (const row of await this.work.due(this.now(), 50)) {
      if (!(await this.work.claim(row, this.now() + this.work.claimMs))) continue;
      if (await this.work.send(row)) sent += 1;
    }
    return sent;
  }
}
