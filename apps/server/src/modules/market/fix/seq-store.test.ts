import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionId } from 'jspurefix';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fileSequences,
  SequenceStoreFactory,
  type SequenceMedium,
  type SequenceNumbers,
} from './seq-store.js';

/** What the store uses of jspurefix's SessionId (the engine itself is not loaded here). */
const sessionId = {
  toString: () => 'FIX.4.4-PW-LP',
  getFilePath: (dir: string, ext: string) => path.join(dir, `FIX.4.4-PW-LP.${ext}`),
} as unknown as SessionId;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-seq-'));
  dirs.push(dir);
  return dir;
};

describe('SequenceStore', () => {
  it('writes the next outgoing number at once, in the QuickFIX layout, and reads it back', async () => {
    const dir = tempDir();
    const store = new SequenceStoreFactory(fileSequences(dir)).create(sessionId);
    expect(await store.hasState()).toBe(false);
    await store.initialize();
    await store.setSenderSeqNum(42);
    const file = path.join(dir, 'FIX.4.4-PW-LP.seqnums');
    expect(fs.readFileSync(file, 'utf8')).toBe(`${'42'.padStart(20)} : ${'1'.padStart(20)}`);

    await store.setTargetSeqNum(7);
    store.flushSync();
    const again = new SequenceStoreFactory(fileSequences(dir)).create(sessionId);
    expect(await again.hasState()).toBe(true);
    await again.initialize();
    expect([again.senderSeqNum, again.targetSeqNum]).toEqual([42, 7]);
    expect(fs.readdirSync(dir)).toEqual(['FIX.4.4-PW-LP.seqnums']); // no temporary file left
  });

  it('writes a change of the expected incoming number shortly after', async () => {
    const dir = tempDir();
    const store = new SequenceStoreFactory(fileSequences(dir)).create(sessionId);
    await store.initialize();
    await store.setTargetSeqNum(9);
    await new Promise((r) => setTimeout(r, 120));
    expect(fs.readFileSync(path.join(dir, 'FIX.4.4-PW-LP.seqnums'), 'utf8')).toMatch(/ : +9$/);
  });

  it('hands one session the same store across connections, and treats an unreadable file as none', async () => {
    const dir = tempDir();
    const factory = new SequenceStoreFactory(fileSequences(dir));
    expect(factory.create(sessionId)).toBe(factory.create(sessionId));
    fs.writeFileSync(path.join(dir, 'FIX.4.4-PW-LP.seqnums'), 'garbage');
    const store = new SequenceStoreFactory(fileSequences(dir)).create(sessionId);
    expect(await store.hasState()).toBe(false);
    await store.initialize();
    expect([store.senderSeqNum, store.targetSeqNum]).toEqual([1, 1]);
  });

  it('keeps no messages: a resend is answered with a gap fill', async () => {
    const store = new SequenceStoreFactory(undefined).create(sessionId);
    expect(await store.get(1)).toBeNull();
    expect(await store.getRange(1, 10)).toEqual([]);
    await store.initialize();
    expect(await store.hasState()).toBe(true); // in memory: known once a session has used it
  });

  it('with a slow medium, writes one at a time, newest last, and flush waits for them', async () => {
    const written: SequenceNumbers[] = [];
    let inFlight = 0;
    const slow: SequenceMedium = {
      targetDelayMs: 20,
      read: () => Promise.resolve({ sender: 10, target: 20 }),
      async write(_session, numbers) {
        inFlight += 1;
        expect(inFlight).toBe(1); // never two writes at once: an older one could land last
        await new Promise((r) => setTimeout(r, 15));
        written.push(numbers);
        inFlight -= 1;
      },
    };
    const store = new SequenceStoreFactory(slow).create(sessionId);
    expect(await store.hasState()).toBe(true);
    await store.initialize();
    expect([store.senderSeqNum, store.targetSeqNum]).toEqual([10, 20]);
    for (let i = 0; i < 5; i++) await store.nextSenderSeqNum();
    await store.setTargetSeqNum(25);
    await store.flush();
    // The first write, then the rest coalesced into one carrying the newest numbers.
    expect(written[0]).toEqual({ sender: 11, target: 20 });
    expect(written.at(-1)).toEqual({ sender: 15, target: 25 });
    expect(written.length).toBeLessThanOrEqual(3);
  });
});
