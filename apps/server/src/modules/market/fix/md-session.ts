// The engine needs the reflect polyfill before it loads (fix-runtime.ts imports it first too).
import 'reflect-metadata';
import { AsciiSession, MsgTag, type IJsFixConfig, type ILooseObject, type MsgView } from 'jspurefix';

export { connectionScope, connectTcp, sessionConfig, sessionIdOf, transportOver } from './fix-runtime.js';

/** What a market-data session reports to its feed. */
export interface MdSessionHandler {
  /** Logged on: subscriptions may be sent. */
  ready(): void;
  /** Any message arrived (heartbeats too): the provider is alive. */
  received(): void;
  /** An application message (W, X, Y, j, …). */
  application(msgType: string, view: MsgView): void;
  /** A session-level Reject (35=3): one of our messages was refused. */
  sessionReject(view: MsgView): void;
  /** The provider logged us out, with its reason. */
  loggedOut(text: string): void;
}

/**
 * The initiator side of a FIX 4.4 market-data session. Logon, heartbeats, test requests,
 * sequence resets and resend requests are the engine's (AsciiSession); this hands the rest
 * to the feed. One object per TCP connection: the feed opens a new one to reconnect, and the
 * sequence store carries the numbers across.
 */
export class MdSession extends AsciiSession {
  constructor(
    config: IJsFixConfig,
    private readonly handler: MdSessionHandler,
  ) {
    super(config);
    this.logReceivedMsgs = false;
  }

  /** Sends an application message; `sent` learns its MsgSeqNum (or that it was not sent). */
  sendMessage(msgType: string, body: ILooseObject, sent?: (seqNum: number | undefined) => void): void {
    this.send(msgType, body, (err, result) => {
      const seq: unknown = result.header?.MsgSeqNum;
      sent?.(err === null && typeof seq === 'number' ? seq : undefined);
    });
  }

  /** Logs out (the engine waits for the provider's confirmation, then ends the session). */
  logout(): void {
    this.done();
  }

  /** Ends the session now, without a logout: a dead or misbehaving provider. */
  kill(reason: string): void {
    this.requestStop(reason);
  }

  /** The next MsgSeqNum we send and the one we expect, from the sequence store. */
  sequence(): { nextOut: number; nextIn: number } {
    return { nextOut: this.sessionStore.senderSeqNum, nextIn: this.sessionStore.targetSeqNum };
  }

  protected override rxOnMsg(msgType: string, view: MsgView): void {
    this.handler.received();
    super.rxOnMsg(msgType, view);
  }

  protected override onSessionMsg(msgType: string, view: MsgView): void {
    super.onSessionMsg(msgType, view);
    if (msgType === '3') this.handler.sessionReject(view);
  }

  protected override peerLogout(view: MsgView): void {
    this.handler.loggedOut(view.getString(MsgTag.Text) ?? '');
    super.peerLogout(view);
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    this.handler.application(msgType, view);
  }

  protected override onReady(_view: MsgView): void {
    this.handler.ready();
  }

  protected override onLogon(_view: MsgView, _user: string, _password: string): boolean {
    return true;
  }

  protected override onStopped(_error?: Error): void {
    // The feed learns of the end from the session's 'done' and 'error' events.
  }

  protected override onDecoded(_msgType: string, _txt: string): void {
    // No FIX log file: the feed counts and logs what matters.
  }

  protected override onEncoded(_msgType: string, _txt: string): void {
    // As onDecoded.
  }
}
