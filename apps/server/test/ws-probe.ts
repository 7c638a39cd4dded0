import WebSocket from 'ws';

/** A socket client that collects every message, so tests can wait for one. */
export class Probe {
  readonly messages: any[] = [];
  private waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw, isBinary) => {
      // A browser hands a binary frame over as a Blob, which the app cannot parse as JSON.
      if (isBinary) throw new Error('the server sent a binary frame; every message is a text frame');
      const m = JSON.parse((raw as Buffer).toString());
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.match(m) ? (w.resolve(m), false) : true));
    });
  }
  static async open(url: string): Promise<Probe> {
    const ws = new WebSocket(url);
    const probe = new Probe(ws);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return probe;
  }
  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }
  next(match: (m: any) => boolean, timeoutMs = 3000): Promise<any> {
    const found = this.messages.find(match);
    if (found) {
      this.messages.splice(this.messages.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => (clearTimeout(timer), this.messages.splice(this.messages.indexOf(m), 1), resolve(m)),
      });
    });
  }
}
