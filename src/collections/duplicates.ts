/**
 * Whether a paper is already present where it would be added: the same arXiv id, DOI,
 * OpenReview id or normalised title as a paper of the shipped corpus or of the collection.
 */
import { normalizeTitle, titleSlug } from '../corpus/ids.js';
import type { Paper } from '../corpus/paper.js';

/** The keys a paper is known by: its id and aliases (arXiv, OpenReview, PMLR ids, a DOI), its title. */
export function identityKeys(p: Pick<Paper, 'id' | 'aliases' | 'title'>): string[] {
  const title = normalizeTitle(p.title);
  return [p.id.toLowerCase(), ...p.aliases.map((a) => a.toLowerCase()), ...(title ? [`title:${title}`] : [])];
}

/** The papers present, findable by any of their keys. */
export class PresentPapers {
  private readonly byKey = new Map<string, { paper: Paper; shipped: boolean }>();

  constructor(shipped: readonly Paper[], added: readonly Paper[]) {
    for (const p of shipped) this.put(p, true);
    for (const p of added) this.put(p, false);
  }

  put(paper: Paper, shipped = false): void {
    for (const k of identityKeys(paper)) if (!this.byKey.has(k)) this.byKey.set(k, { paper, shipped });
  }

  /** Why `paper` is not added (naming the paper present), or null when it is new. */
  duplicateReason(paper: Pick<Paper, 'id' | 'aliases' | 'title'>): string | null {
    for (const k of identityKeys(paper)) {
      const hit = this.byKey.get(k);
      if (!hit) continue;
      const where = hit.shipped ? 'the shipped corpus' : 'this collection';
      // An id made from the title (a slug) is the title, as far as the user can tell.
      const same = k.startsWith('title:') || k === titleSlug(paper.title) ? 'the same title' : `the same id (${k})`;
      return `already in ${where} as "${hit.paper.title}" (${hit.paper.id}), ${same}; not added again.`;
    }
    return null;
  }
}
