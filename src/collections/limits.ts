/** How many papers a collection may still take (ADD_MAX_PAPERS). */

export interface CollectionRoom {
  /** How many of `wanted` fit. */
  fits: number;
  /** Said for each paper past the limit. */
  reason: string;
}

export function collectionRoom(held: number, wanted: number, max: number): CollectionRoom {
  const fits = Math.max(0, Math.min(wanted, max - held));
  return { fits, reason: `the collection holds ${held} added papers, and at most ${max} are allowed (ADD_MAX_PAPERS); remove some with /remove, or ask the operator to raise the limit.` };
}
