import pg from 'pg';
import type { Db } from '../core/db/database.js';
import { nextEpoch } from '../modules/trading/index.js';

/** The advisory lock key of the engine (any constant; "PIPWISE" in ASCII, folded). */
export const ENGINE_LOCK_KEY = 0x5049_5057;

export interface LeaderEvents {
  /** This instance became the engine; `epoch` fences its writes. */
  elected(epoch: number): void | Promise<void>;
  /** It is no longer the engine (lock lost, connection gone, stopping): stop acting now. */
  deposed(reason: string): void;
}

export interface LeaderOptions {
  /** postgres://… of the shared database. */
  url: string;
  /** This instance, written on the lease for operators. */
  holder: string;
  db: Db;
  /** How often a standby tries to take the lock, and the leader checks its connection. */
  retryMs: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Elects exactly one engine among the instances on one PostgreSQL database
 * (docs/architecture.md "Scaled shape"): the leader holds a session-level advisory lock on
 * a connection of its own. If the leader dies, PostgreSQL ends that session and the lock is
 * free; a standby takes it within one retry. A leader whose connection fails or whose
 * check query fails is deposed at once — and since each takeover increments the lease's
 * epoch, which every engine write checks, a deposed leader's late writes are refused.
 */
export class LeaderElection {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private epoch: number | null = null;
  private stopped = false;
  private busy = false;

  constructor(
    private readonly options: LeaderOptions,
    private readonly events: LeaderEvents,
  ) {}

  /** The epoch while leading, null otherwise. */
  get currentEpoch(): number | null {
    return this.epoch;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.retryMs);
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.depose('stopping');
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private async tick(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      if (this.epoch === null) await this.tryToLead();
      else await this.checkStillLeading();
    } catch (err) {
      this.options.log.error({ err }, 'engine election failed');
      this.depose('election error');
      await this.dropConnection();
    } finally {
      this.busy = false;
    }
  }

  private async tryToLead(): Promise<void> {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      ENGINE_LOCK_KEY,
    ]);
    if (!rows[0]?.locked || this.stopped) return;
    const epoch = await nextEpoch(this.options.db, this.options.holder, Date.now());
    this.epoch = epoch;
    this.options.log.info({ epoch, holder: this.options.holder }, 'this instance is now the engine');
    await this.events.elected(epoch);
  }

  /** A cheap round trip on the lock's own connection: if it fails, the lock is gone too. */
  private async checkStillLeading(): Promise<void> {
    if (!this.client) throw new Error('lock connection lost');
    await this.client.query('SELECT 1');
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('error', (err) => {
      this.options.log.error({ err }, 'engine lock connection failed');
      this.depose('lock connection failed');
      void this.dropConnection();
    });
    client.on('end', () => {
      if (this.client === client) {
        this.depose('lock connection ended');
        this.client = undefined;
      }
    });
    await client.connect();
    this.client = client;
    return client;
  }

  private async dropConnection(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private depose(reason: string): void {
    if (this.epoch === null) return;
    this.options.log.info({ epoch: this.epoch, reason }, 'this instance is no longer the engine');
    this.epoch = null;
    this.events.deposed(reason);
  }
}
