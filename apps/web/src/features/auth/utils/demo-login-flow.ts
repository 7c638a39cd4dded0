/**
 * The demo account of this device (docs/api.md "Demo"): the demo_id the server gave last
 * time is sent again so a returning phone gets its own demo account — balance, positions
 * and history — back rather than a fresh one each visit.
 */
export interface DemoLoginDeps<R extends { demo_id: string }> {
  readDemoId: () => string | null;
  writeDemoId: (demoId: string) => void;
  createOrResume: (demoId: string | undefined) => Promise<R>;
}

export async function demoLoginFlow<R extends { demo_id: string }>(deps: DemoLoginDeps<R>): Promise<R> {
  const stored = deps.readDemoId()?.trim();
  const result = await deps.createOrResume(stored ? stored : undefined);
  // A stored id the server no longer knows comes back as a new account with a new id.
  if (result.demo_id && result.demo_id !== stored) deps.writeDemoId(result.demo_id);
  return result;
}
