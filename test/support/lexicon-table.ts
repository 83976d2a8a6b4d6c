/**
 * Table tests for a lexicon file: every export has rows of examples that must match (or be in the
 * list) and near misses that must not, and a table for an export that no longer exists fails.
 */
import test from 'node:test';
import assert from 'node:assert/strict';
import { words } from '../../src/text/terms.js';

/**
 * A text that must match; with what it must find: group `group` (the first by default, or the
 * whole match when that group is empty), or, for a pattern that is global, each match's in order.
 */
export type MatchRow = string | readonly [text: string, found: string | readonly string[], group?: number];

/** Rows for a pattern. `byWord`: the pattern is tried on each word of the text (as `words()` splits it), as its module does. */
export interface PatternRows {
  match: readonly MatchRow[];
  miss: readonly string[];
  byWord?: boolean;
}

/**
 * Rows for a word list: words in it and words not in it; and, for a list that says what a
 * question may hold and nothing else, questions all of whose words are in it, and near misses
 * with a word that is not.
 */
export interface WordListRows {
  has: readonly string[];
  lacks: readonly string[];
  allIn?: readonly string[];
  notAllIn?: readonly string[];
}

export type Rows = PatternRows | WordListRows;

/** Whether `pattern` matches `text`, from its start, whatever a global pattern's lastIndex was. */
function isMatch(pattern: RegExp, text: string): boolean {
  return new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text);
}

function found(pattern: RegExp, text: string, n = 1): string | string[] {
  const group = (m: RegExpMatchArray) => m[n] ?? m[0];
  if (pattern.flags.includes('g')) return [...text.matchAll(new RegExp(pattern.source, pattern.flags))].map(group);
  const m = new RegExp(pattern.source, pattern.flags).exec(text);
  return m ? group(m) : '';
}

function checkPattern(name: string, pattern: RegExp, rows: PatternRows): void {
  assert.ok(rows.match.length > 0 && rows.miss.length > 0, `${name}: rows that match and rows that do not`);
  const matches = (text: string) => (rows.byWord ? words(text).some((w) => isMatch(pattern, w)) : isMatch(pattern, text));
  for (const row of rows.match) {
    const [text, expected, group] = typeof row === 'string' ? [row, undefined, undefined] : row;
    assert.ok(matches(text), `${name} matches ${JSON.stringify(text)}`);
    if (expected !== undefined) assert.deepEqual(found(pattern, text, group), expected, `${name} finds ${JSON.stringify(expected)} in ${JSON.stringify(text)}`);
  }
  for (const text of rows.miss) assert.ok(!matches(text), `${name} does not match ${JSON.stringify(text)}`);
}

function checkWordList(name: string, list: ReadonlySet<string>, rows: WordListRows): void {
  assert.ok(rows.has.length > 0 && rows.lacks.length > 0, `${name}: words in it and words not`);
  for (const w of rows.has) assert.ok(list.has(w), `${name} has ${JSON.stringify(w)}`);
  for (const w of rows.lacks) assert.ok(!list.has(w), `${name} lacks ${JSON.stringify(w)}`);
  for (const q of rows.allIn ?? []) {
    const out = words(q).filter((w) => !list.has(w));
    assert.deepEqual(out, [], `${name} holds every word of ${JSON.stringify(q)}`);
  }
  for (const q of rows.notAllIn ?? []) assert.ok(words(q).some((w) => !list.has(w)), `${name} lacks a word of ${JSON.stringify(q)}`);
}

/** One test per export of `lexicon`, and one that every export has its table. */
export function lexiconTables(file: string, lexicon: Readonly<Record<string, unknown>>, tables: Readonly<Record<string, Rows>>): void {
  test(`${file}: every export has a table of examples, and every table an export`, () => {
    assert.deepEqual(Object.keys(tables).sort(), Object.keys(lexicon).sort());
  });
  for (const [name, rows] of Object.entries(tables)) {
    test(`${file}: ${name}`, () => {
      const value = lexicon[name];
      if (value instanceof RegExp && 'match' in rows) checkPattern(name, value, rows);
      else if (value instanceof Set && 'has' in rows) checkWordList(name, value as ReadonlySet<string>, rows);
      else assert.fail(`${name}: a ${value instanceof RegExp ? 'pattern' : value instanceof Set ? 'word list' : typeof value} needs ${value instanceof Set ? 'has/lacks' : 'match/miss'} rows`);
    });
  }
}
