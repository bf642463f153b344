// The search measured without HTTP: the API's own search service called in the benchmark server's process,
// so its figures are the database's work (and the service's few lines of JS) with no HTTP parsing, no
// Fastify hooks, no response checks and no load generator. Side by side with the HTTP figures, they show how
// much of a p99 is the search itself, and whether the HTTP layer could meet a target the search alone misses.

export interface InProcessResult {
  name: string;
  concurrency: number;
  rps: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Calls `calls` in turn from `concurrency` loops for `seconds` (after a one-second warm-up) and returns the
 * rate and the latency percentiles in ms (one decimal). Any failure fails the measurement.
 */
export async function measureInProcess(name: string, calls: (() => Promise<unknown>)[], concurrency: number, seconds: number): Promise<InProcessResult> {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    let next = 0;
    const end = performance.now() + duration * 1000;
    const loop = async () => {
      while (performance.now() < end) {
        const call = calls[next++ % calls.length]!;
        const start = performance.now();
        await call();
        latencies.push(performance.now() - start);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, loop));
    return { latencies, elapsed: (performance.now() - started) / 1000 };
  };
  await run(1);
  const { latencies, elapsed } = await run(seconds);
  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { name, concurrency, rps: sorted.length / elapsed, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
}
