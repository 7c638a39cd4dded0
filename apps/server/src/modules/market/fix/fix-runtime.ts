// jspurefix resolves its parts with tsyringe, which needs the reflect polyfill loaded first.
import 'reflect-metadata';
import net from 'node:net';
import {
  DefinitionFactory,
  DITokens,
  JsFixConfig,
  JsFixLoggerFactory,
  MsgTransport,
  SessionContainer,
  SessionId,
  TcpDuplex,
  type FixDefinitions,
  type IFixSessionStoreFactory,
  type IJsFixConfig,
  type IJsFixLogger,
  type ISessionDescription,
  type ISessionMsgFactory,
} from 'jspurefix';
import { makeSessionScope } from 'jspurefix/dist/runtime/session-scope.js';

/**
 * Where this server meets the FIX engine (jspurefix): its dictionary, a session's
 * configuration and the TCP transport under it. Only the files that run sessions
 * (md-session.ts, lp-simulator.ts) import this, and only on demand: loading the engine
 * takes a second or two, which a server on the simulator should not pay.
 */

export const BEGIN_STRING = 'FIX.4.4';

/** The QuickFIX FIX 4.4 dictionary that ships with jspurefix (`data/FIX44.xml`). */
const DICTIONARY = 'qf44';

let definitions: Promise<FixDefinitions> | undefined;

/** The FIX 4.4 dictionary, read once per process. */
export function fix44(): Promise<FixDefinitions> {
  definitions ??= new DefinitionFactory().getDefinitions(DICTIONARY).catch((err: unknown) => {
    definitions = undefined;
    throw err;
  });
  return definitions;
}

/** What the engine says about itself, for a caller that wants it (warnings and errors only). */
export type EngineLog = (level: 'warn' | 'error', source: string, message: string) => void;

class EngineLogFactory extends JsFixLoggerFactory {
  constructor(private readonly log: EngineLog | undefined) {
    super();
  }

  logger(type: string): IJsFixLogger {
    const log = this.log;
    return {
      info: () => undefined,
      debug: () => undefined,
      warning: (message: string) => log?.('warn', type, message),
      error: (e: Error) => log?.('error', type, e.message),
    };
  }

  plain(): IJsFixLogger {
    return this.logger('plain');
  }
}

export interface SessionOptions {
  role: 'initiator' | 'acceptor';
  /** The application's name in the engine's own log lines. */
  name: string;
  sender: string;
  target: string;
  /** HeartBtInt (108), seconds: the interval this side asks for. */
  heartbeatSecs: number;
  /** Where sequence numbers are kept. */
  store: IFixSessionStoreFactory;
  username?: string | undefined;
  password?: string | undefined;
  engineLog?: EngineLog | undefined;
}

/**
 * A FIX 4.4 tag=value session's configuration: the dictionary, the comp ids, the heartbeat
 * and the sequence store; ResetSeqNumFlag is decided per connection (`connectionScope`).
 */
export async function sessionConfig(options: SessionOptions): Promise<IJsFixConfig> {
  // The description is jspurefix's session JSON; fields it derives nothing from stay unset.
  const description = {
    application: {
      type: options.role,
      name: options.name,
      protocol: 'ascii',
      dictionary: DICTIONARY,
      resilient: false,
      reconnectSeconds: 0,
    },
    Name: options.name,
    BeginString: BEGIN_STRING,
    SenderCompId: options.sender,
    TargetCompID: options.target,
    HeartBtInt: options.heartbeatSecs,
    ResetSeqNumFlag: false,
    Username: options.username,
    Password: options.password,
  } as unknown as ISessionDescription;
  const container = new SessionContainer();
  const scope = container.newChild(description);
  const factory = scope.resolve<ISessionMsgFactory>(DITokens.ISessionMsgFactory);
  const config = new JsFixConfig(
    factory,
    await fix44(),
    description,
    undefined,
    new EngineLogFactory(options.engineLog),
  );
  config.sessionStoreFactory = options.store;
  container.registerSession(config, scope);
  return config;
}

/** The session's identity, as its sequence store is keyed. */
export function sessionIdOf(config: IJsFixConfig): SessionId {
  const d = config.description;
  return new SessionId(d.BeginString, d.SenderCompId, d.TargetCompID);
}

/**
 * One connection's own configuration (buffers, description): every TCP connection gets a
 * fresh scope, so nothing half-parsed from a dead one leaks into the next. `resetSeqNum`
 * sends (or answers) the Logon with ResetSeqNumFlag=Y.
 */
export function connectionScope(config: IJsFixConfig, resetSeqNum: boolean): IJsFixConfig {
  return makeSessionScope(config, { ResetSeqNumFlag: resetSeqNum });
}

/** The engine's transport over a connected socket. */
export function transportOver(config: IJsFixConfig, socket: net.Socket, id: number): MsgTransport {
  return new MsgTransport(id, config, new TcpDuplex(socket));
}

/** A TCP connection within `timeoutMs`, keep-alive on and Nagle off (quotes are small and urgent). */
export function connectTcp(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no TCP connection to ${host}:${port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.setNoDelay(true);
      socket.setKeepAlive(true, 30_000);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}
