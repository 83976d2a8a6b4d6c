/** One stored item as the check reads it: its vector and the norm stored beside it. */
export interface StoredVector {
  id: string;
  vector: ArrayLike<number>;
  norm: number;
}

/**
 * The sum of the items' norms, in item order, as the manifest records it for each shard. Norms
 * are float64 on disk and summed in the same order at build and at load, so the sums are equal
 * to the bit unless a norm changed: zeroed, NaN, or rewritten.
 */
export function normSum(items: readonly Pick<StoredVector, 'norm'>[]): number {
  let sum = 0;
  for (const item of items) sum += item.norm;
  return sum;
}

/**
 * Why a shard's vectors cannot be searched, or null when they can. A file zeroed or overwritten
 * after its size was recorded (a disk fault, a write that never reached the disk, another tool)
 * passes the size checks, and its vectors would score every question 0 or NaN: the vector half
 * of the search gone with nothing said. Checking every number would cost a pass over all of them
 * at every start (205 MB at 100,000 chunks); instead:
 * - the norms must add up to the manifest's `normSum` (when the build recorded one), which
 *   catches norms zeroed, NaN or changed, all of them or one;
 * - each vector must agree with its own norm: zero exactly when the norm is, and its first
 *   number that is not zero must be finite. A healthy vector stops the scan at that number, a
 *   few in, so this costs about one read per item; a zeroed vector whose norm was kept, or one
 *   filled with NaN, fails it. That read is the first of each vector's memory since the file
 *   was read, which the first search made before (10 to 45 ms at 100,000 chunks): a cold start,
 *   load and first search, takes as long as it did without the check.
 * A build from before `normSum` was recorded is checked without it; a shard whose every vector
 * is zero is then taken as zeroed, as no corpus has a shard of chunks without a single word.
 */
export function vectorsFault(name: string, items: readonly StoredVector[], dims: number, expectedNormSum: number | undefined): string | null {
  let zero = 0;
  for (const { id, vector, norm } of items) {
    if (vector.length !== dims) return `${name}: ${id} has a vector of ${vector.length} numbers, the embedder gives ${dims}`;
    if (!(norm >= 0 && norm < Infinity)) return `${name}: ${id} has a stored norm of ${norm}`;
    let d = 0;
    while (d < dims && vector[d] === 0) d++;
    if (d === dims) {
      if (norm !== 0) return `${name}: the vector of ${id} is all zeros, yet its stored norm is ${norm} (zeroed on disk?)`;
      zero++;
    } else if (!Number.isFinite(vector[d])) {
      return `${name}: the vector of ${id} holds ${vector[d]}`;
    } else if (norm === 0) {
      return `${name}: the vector of ${id} is not zero, yet its stored norm is 0 (zeroed on disk?)`;
    }
  }
  if (expectedNormSum !== undefined) {
    const sum = normSum(items);
    if (sum !== expectedNormSum) return `${name}: its norms add up to ${sum}, the manifest says ${expectedNormSum} (zeroed or changed)`;
  } else if (items.length > 0 && zero === items.length) {
    return `${name}: every vector is zero (zeroed on disk?)`;
  }
  return null;
}
