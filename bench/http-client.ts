/**
 * The load generator of the order benchmark, run as its own process so the server under
 * test does not share its event loop with the client. Reads its job from argv as JSON:
 * { url, tokens, orders, concurrency, body }; prints { elapsedMs } when all are filled.
 */
const job = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  tokens: string[];
  orders: number;
  concurrency: number;
  body: string;
};

let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.orders) {
      const token = job.tokens[next++ % job.tokens.length]!;
      const res = await fetch(job.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: job.body,
      });
      const json = (await res.json()) as { code: number; msg: string };
      if (json.code !== 1) throw new Error(`order refused: ${json.msg}`);
    }
  }),
);
console.log(JSON.stringify({ elapsedMs: performance.now() - start }));
