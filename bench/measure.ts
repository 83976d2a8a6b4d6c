/** Small measuring helpers shared by the benchmark workers. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  // Nearest rank: the value below which p% of the samples fall, never interpolated.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface LatencyStats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

export function latencyStats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean, max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** Milliseconds since `start` (from `performance.now()`). */
export function since(start: number): number {
  return performance.now() - start;
}

/** CPU time (user + system) of this process in ms, including its helper threads (GC). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Peak resident set size of this process so far, in MB (the kernel's high-water mark). */
export function peakRssMB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** Bytes of every file under `dir`. */
export async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) total += await dirBytes(full);
    else if (e.isFile()) total += (await fs.stat(full)).size;
  }
  return total;
}

/** Resolution of the event-loop delay histograms: a delay reads at least this much. */
export const LOOP_RESOLUTION_MS = 5;

/** How late the event loop ran, in ms, from a delay histogram's figure in ns (its resolution taken off). */
export function loopLateMs(ns: number): number {
  return Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
}

/**
 * Heap in use after a full garbage collection, in MB: what the process still holds, not
 * garbage waiting to be collected. The worker runs without --expose-gc, hence the flag set here.
 */
export function heapAfterGcMB(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
}
