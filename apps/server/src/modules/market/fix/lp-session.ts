// The engine needs the reflect polyfill before it loads (fix-runtime.ts imports it first too).
import 'reflect-metadata';
import { AsciiSession, MsgTag, type IJsFixConfig, type ILooseObject, type MsgView } from 'jspurefix';

/** What an LP session hands to the simulator. */
export interface LpSessionHandler {
  /** Accepts (true) or refuses a client's Logon on `session`. */
  logon(view: MsgView, session: LpSession): boolean;
  /** An application message of a logged-on client (V, D, H, …). */
  application(session: LpSession, msgType: string, view: MsgView): void;
}

/** The acceptor side of one client's FIX 4.4 session with the LP simulator. */
export class LpSession extends AsciiSession {
  /** Symbol → MDReqID of this client's live subscriptions. */
  readonly subscriptions = new Map<string, string>();
  ready = false;

  constructor(
    config: IJsFixConfig,
    private readonly handler: LpSessionHandler,
    /** The simulator has no sequence numbers of this client: it answers with a reset. */
    private readonly fresh: boolean,
  ) {
    super(config);
  }

  post(msgType: string, body: ILooseObject): void {
    this.send(msgType, body);
  }

  end(): void {
    this.requestStop('provider closed');
  }

  protected override onMsg(msgType: string, view: MsgView): void {
    // A provider that lost its numbers takes the client's as they come (no resend storm)
    // and answers the Logon with ResetSeqNumFlag=Y, so both sides start over at 1.
    if (msgType === 'A' && this.fresh) {
      const seq = Number(view.getString(MsgTag.MsgSeqNum));
      if (Number.isSafeInteger(seq) && seq > 1) this.sessionState.lastPeerMsgSeqNum = seq - 1;
    }
    super.onMsg(msgType, view);
  }

  protected override onLogon(view: MsgView): boolean {
    return this.handler.logon(view, this);
  }

  protected override onReady(): void {
    this.ready = true;
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    this.handler.application(this, msgType, view);
  }

  protected override onStopped(): void {
    this.ready = false;
  }

  protected override onDecoded(): void {
    // No FIX log file.
  }

  protected override onEncoded(): void {
    // No FIX log file.
  }
}
