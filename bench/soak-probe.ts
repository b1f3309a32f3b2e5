/**
 * Loaded into the soak benchmark's server process with `--import` (bench/soak.ts): every 5 s it appends one JSON
 * line to SOAK_PROBE_FILE with the process's memory (RSS, V8 heap, external) and its event-loop delay over those
 * 5 s, so the benchmark reads the heap without any change to the product's code. Not part of the product.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const memory = process.memoryUsage();
    const line = {
      t: Date.now(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      delayP50: delay.percentile(50) / 1e6,
      delayP99: delay.percentile(99) / 1e6,
      delayMax: delay.max / 1e6,
    };
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 5_000).unref();
}
