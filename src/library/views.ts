import { PaperCatalog } from '../names/catalog.js';
import { Library } from './library.js';

/** Collections whose Library is kept (their catalogs are the cost); the rest are made again when asked. */
const VIEWS_KEPT = 64;

/**
 * The Library each collection sees on one version of the index: the shipped corpus plus that
 * collection's additions, never another's. A collection with no additions sees the base one.
 */
export class CollectionLibraries {
  private readonly views = new Map<string, Library>();

  constructor(readonly base: Library) {}

  for(collection: string): Library {
    let lib = this.views.get(collection);
    if (lib) return lib;
    const retriever = this.base.retriever.view(collection);
    const added = retriever.addedPapers();
    if (!added.length) return this.base;
    const papers = [...this.base.papers, ...added];
    lib = new Library({ ...this.base.state, papers, retriever, catalog: new PaperCatalog(papers) }, this.base.settings);
    if (this.views.size >= VIEWS_KEPT) {
      const [oldest, dropped] = this.views.entries().next().value!;
      this.views.delete(oldest);
      dropped.catalog.close();
    }
    this.views.set(collection, lib);
    return lib;
  }

  /**
   * The views of another version of the index, from `base`: this one's collection catalogs are
   * closed (a large one still indexing names in the background would go on for nothing).
   */
  replacedBy(base: Library): CollectionLibraries {
    for (const lib of this.views.values()) lib.catalog.close();
    this.views.clear();
    return new CollectionLibraries(base);
  }
}
