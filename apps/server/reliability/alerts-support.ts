import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { points } from '@pipwise/shared';
import {
  seedLpInstruments,
  SimulatorFeed,
  startLpSimulator,
  type FeedAdapter,
  type LpSimulator,
  type SimTick,
} from '../src/modules/market/index.js';
import { LocalPushService } from '../test/push-endpoint.js';

/**
 * What item 19 (price alerts, announcements and step-up through the balancer) stands on:
 * a liquidity provider whose BTC/USD bid the test sets, so the price crosses an alert's
 * level exactly when the scenario says (every other instrument walks as the simulator
 * walks them), and the local push service made reachable from server processes.
 */

/** BTC/USD: crypto trades around the clock, so the scenario runs on any day. */
export const BTC = 26;
const BTC_SPREAD = 3_000;

/**
 * A feed for the LP simulator (`LpSimulatorOptions.source`): the simulator's walk for every
 * instrument but BTC/USD, whose bid stays where `setBid` put it. BTC is quoted on every step
 * (its ask a point apart from one step to the next, so each quote is new and the price stays
 * fresh), and the bid moves in one step: a level crossed is crossed at the bid set.
 */
export class SteeredFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  private readonly walk: SimulatorFeed;
  private timer: NodeJS.Timeout | undefined;
  private steps = 0;

  constructor(
    private bidPoints: number,
    private readonly tickMs: number,
    seed: number,
  ) {
    this.heartbeatMs = tickMs;
    this.walk = new SimulatorFeed({
      instruments: seedLpInstruments().map((i) => ({ ...i })),
      seed,
      tickMs,
      startMids: new Map(),
      isOpen: () => true,
    });
  }

  /** The BTC/USD bid now, points. */
  get bid(): number {
    return this.bidPoints;
  }

  /** The BTC/USD bid from the next step on, points. */
  setBid(bid: number): void {
    this.bidPoints = bid;
  }

  private btc(): SimTick {
    return {
      id: BTC,
      bid: points(this.bidPoints),
      ask: points(this.bidPoints + BTC_SPREAD + (this.steps % 2)),
    };
  }

  snapshot(): SimTick[] {
    return [...this.walk.snapshot().filter((t) => t.id !== BTC), this.btc()];
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.timer = setInterval(() => {
      const time = Date.now();
      this.steps += 1;
      onTicks([...this.walk.step(time).filter((t) => t.id !== BTC), this.btc()], time);
    }, this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** The LP simulator quoting from a SteeredFeed, and FEED=fix pointed at it. */
export async function startSteeredProvider(options: {
  bid: number;
  seed: number;
  tickMs: number;
}): Promise<{ lp: LpSimulator; feed: SteeredFeed; fixEnv: Record<string, string> }> {
  const feed = new SteeredFeed(options.bid, options.tickMs, options.seed);
  const lp = await startLpSimulator({
    senderCompId: 'REL19-LP',
    targetCompId: 'REL19-PW',
    instruments: seedLpInstruments(),
    source: feed,
    alwaysOpen: true,
  });
  return {
    lp,
    feed,
    fixEnv: { FEED: 'fix', FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=REL19-PW&target=REL19-LP` },
  };
}

/**
 * The local push service (test/push-endpoint.ts) for server processes: they accept it as a
 * push service (`PUSH_SERVICE_HOSTS=localhost`) and trust its certificate the way Node
 * trusts an extra CA (`NODE_EXTRA_CA_CERTS`, read when the process starts).
 */
export async function startPushService(): Promise<{
  service: LocalPushService;
  env: Record<string, string>;
  stop(): Promise<void>;
}> {
  const service = await LocalPushService.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-push-ca-'));
  const caFile = path.join(dir, 'push-ca.pem');
  fs.writeFileSync(caFile, String(service.agent.options.ca));
  return {
    service,
    env: {
      PUSH_SERVICE_HOSTS: 'localhost',
      PUSH_SUBJECT: 'mailto:ops@pipwise.example',
      NODE_EXTRA_CA_CERTS: caFile,
    },
    async stop() {
      await service.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A price as the API takes it ("87937.50") from points of BTC/USD (2 decimals). */
export const btcPrice = (bid: number): string => (bid / 100).toFixed(2);
