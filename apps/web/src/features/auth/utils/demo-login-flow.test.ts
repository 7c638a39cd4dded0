import { describe, expect, it } from 'vitest';
import { demoLoginFlow } from './demo-login-flow';

/** A fake server: known ids get their account back, others a new one. */
function fakeDevice() {
  let stored: string | null = null;
  const accounts = new Map<string, number>();
  const sent: (string | undefined)[] = [];
  let next = 1;
  const deps = {
    readDemoId: () => stored,
    writeDemoId: (id: string) => void (stored = id),
    createOrResume: (demoId: string | undefined) => {
      sent.push(demoId);
      if (demoId && accounts.has(demoId))
        return Promise.resolve({ demo_id: demoId, userId: accounts.get(demoId)! });
      const id = `demo-${next}`;
      accounts.set(id, next++);
      return Promise.resolve({ demo_id: id, userId: accounts.get(id)! });
    },
  };
  return { deps, sent, stored: () => stored, setStored: (v: string | null) => (stored = v) };
}

describe('demoLoginFlow', () => {
  it('a new device gets a new demo account and keeps its id', async () => {
    const device = fakeDevice();
    const first = await demoLoginFlow(device.deps);
    expect(device.sent).toEqual([undefined]);
    expect(device.stored()).toBe(first.demo_id);
  });

  it('a returning device sends its id and gets the same account back', async () => {
    const device = fakeDevice();
    const first = await demoLoginFlow(device.deps);
    const again = await demoLoginFlow(device.deps);
    expect(device.sent).toEqual([undefined, first.demo_id]);
    expect(again.userId).toBe(first.userId);
  });

  it('an id the server no longer knows is replaced by the new one', async () => {
    const device = fakeDevice();
    device.setStored('gone');
    const result = await demoLoginFlow(device.deps);
    expect(device.sent).toEqual(['gone']);
    expect(device.stored()).toBe(result.demo_id);
    expect(result.demo_id).not.toBe('gone');
  });

  it('a blank stored id counts as none, and a failed call stores nothing', async () => {
    const device = fakeDevice();
    device.setStored('  ');
    await demoLoginFlow(device.deps);
    expect(device.sent).toEqual([undefined]);
    device.setStored('keep');
    await expect(
      demoLoginFlow({ ...device.deps, createOrResume: () => Promise.reject(new Error('offline')) }),
    ).rejects.toThrow('offline');
    expect(device.stored()).toBe('keep');
  });
});
