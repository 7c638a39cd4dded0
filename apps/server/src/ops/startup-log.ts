import type { LogFn, Logger } from 'pino';

/** pino's level number of `info`. */
const INFO = 30;

/** Messages shown right after the address line: what an operator needs to log in. */
const BACK_OFFICE = /^back office:/;

interface HeldLine {
  logger: Logger;
  args: Parameters<LogFn>;
  method: LogFn;
}

export interface StartupLog {
  /** pino's `hooks.logMethod`: holds info lines until `release`. */
  logMethod: (this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) => void;
  /**
   * Writes `first` straight away (the address line), then what was held — the back
   * office's lines first —, and lets everything through from then on.
   */
  release(first?: () => void): void;
}

/**
 * The log a person reads opens with where Pipwise runs (main.ts). What is said at info
 * while starting — the database, the candle history, the first operator's password,
 * Fastify's own "listening" lines — is held until then; warnings and errors go out at once.
 * Call `release` on every path out of start-up, failures included: a generated password is
 * shown only once.
 */
export function holdStartupLines(): StartupLog {
  let held: HeldLine[] | undefined = [];
  return {
    logMethod(args, method, level) {
      if (held && level === INFO) held.push({ logger: this, args, method });
      else method.apply(this, args);
    },
    release(first) {
      if (!held) return;
      const lines = held;
      held = undefined;
      first?.();
      const backOffice = (line: HeldLine) =>
        line.args.some((a: unknown) => typeof a === 'string' && BACK_OFFICE.test(a));
      for (const line of [...lines.filter(backOffice), ...lines.filter((l) => !backOffice(l))])
        line.method.apply(line.logger, line.args);
    },
  };
}
