/**
 * The imports between the modules of src/ (a folder, or a file loose in src/), and the circles
 * among them. `npx tsx scripts/layers.ts` prints them; test/layers.test.ts holds the rules that
 * docs/architecture.md writes down.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** A module of src/: its first folder ("index", "writer"), or a loose file without ".ts" ("service"). */
export function moduleOf(file: string): string {
  const [first, ...rest] = relative(SRC, file).split(sep);
  return rest.length ? first! : first!.replace(/\.ts$/, '');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

// Static imports and re-exports (type-only ones too: they tie the modules as much) and dynamic import().
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Every import from one module of src/ into another: module → module → the files that import. */
export function moduleImports(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = moduleOf(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), spec!.replace(/\.js$/, '.ts'));
      if (!target.startsWith(SRC + sep)) continue;
      const to = moduleOf(target);
      if (to === from) continue;
      const byTarget = edges.get(from) ?? new Map<string, string[]>();
      byTarget.set(to, [...(byTarget.get(to) ?? []), relative(SRC, file)]);
      edges.set(from, byTarget);
    }
  }
  return edges;
}

/** The groups of modules that import each other round a circle (Tarjan's strongly connected components of two or more). */
export function moduleCircles(edges = moduleImports()): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1) circles.push(group.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return circles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const edges = moduleImports();
  for (const [from, targets] of [...edges].sort()) console.log(`${from} → ${[...targets.keys()].sort().join(', ')}`);
  const circles = moduleCircles(edges);
  console.log(circles.length ? `\n${circles.length} circle(s) between modules:` : '\nno circle between modules');
  for (const group of circles) {
    console.log(`  ${group.join(' ⇄ ')}`);
    for (const from of group) for (const [to, files] of edges.get(from) ?? []) if (group.includes(to)) console.log(`    ${from} → ${to}: ${[...new Set(files)].join(', ')}`);
  }
}
