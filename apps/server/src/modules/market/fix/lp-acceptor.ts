import net from 'node:net';
import type { IJsFixConfig } from 'jspurefix';
import { connectionScope, sessionConfig, sessionIdOf, transportOver } from './fix-runtime.js';
import { LpSession, type LpSessionHandler } from './lp-session.js';
import { SequenceStoreFactory, sequenceMediumOf } from './seq-store.js';

export interface LpAcceptorOptions {
  host: string;
  port: number;
  name: string;
  sender: string;
  target: string;
  heartbeatSecs: number;
  /** Keep sequence numbers here across restarts; in memory when unset. */
  storeDir: string | undefined;
  handler: LpSessionHandler;
}

/**
 * One TCP listener of the LP simulator and the FIX sessions on it (jspurefix acceptors), with
 * its own comp ids and sequence numbers: the market-data port and the trading port are two.
 */
export class LpAcceptor {
  port = 0;
  readonly sessions = new Set<LpSession>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  private connections = 0;

  private constructor(
    private readonly options: LpAcceptorOptions,
    private readonly config: IJsFixConfig,
    private readonly stores: SequenceStoreFactory,
  ) {
    this.server = net.createServer((socket) => void this.accept(socket));
  }

  static async open(options: LpAcceptorOptions): Promise<LpAcceptor> {
    const stores = new SequenceStoreFactory(sequenceMediumOf(options));
    const config = await sessionConfig({
      role: 'acceptor',
      name: options.name,
      sender: options.sender,
      target: options.target,
      heartbeatSecs: options.heartbeatSecs,
      store: stores,
    });
    const acceptor = new LpAcceptor(options, config, stores);
    await new Promise<void>((resolve, reject) => {
      acceptor.server.once('error', reject);
      acceptor.server.listen(options.port, options.host, () => {
        acceptor.server.off('error', reject);
        resolve();
      });
    });
    acceptor.port = (acceptor.server.address() as net.AddressInfo).port;
    return acceptor;
  }

  /** Cuts every connection at once, no Logout; returns how many. */
  dropConnections(): number {
    const n = this.sockets.size;
    for (const socket of this.sockets) socket.destroy();
    return n;
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.end();
    for (const socket of this.sockets) socket.destroy();
    this.stores.flushSync();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async accept(socket: net.Socket): Promise<void> {
    socket.setNoDelay(true);
    socket.on('error', () => undefined); // a client that vanishes: the session ends on close
    this.sockets.add(socket);
    // The socket holds what arrives meanwhile: nothing reads it before the transport does.
    const fresh = !(await this.stores.create(sessionIdOf(this.config)).hasState());
    const scoped = connectionScope(this.config, fresh);
    const session = new LpSession(scoped, this.options.handler, fresh);
    session.on('error', () => undefined); // the engine reports a session's bad end this way
    this.sessions.add(session);
    const done = () => {
      this.sessions.delete(session);
      this.sockets.delete(socket);
      socket.destroy();
    };
    socket.on('close', () => {
      session.end();
      done();
    });
    const transport = transportOver(scoped, socket, ++this.connections);
    session.run(transport).then(done, done);
  }
}
