/**
 * Where JSON text stops being valid. Node 20's JSON.parse often reports only a snippet
 * ("Unexpected token '}', ..."), and a line number is what someone fixing a large file needs.
 */
import { lineAndColumn } from './text.js';

/** Offset of the first syntax error, or -1 when the text is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const fail = (at = i): never => {
    throw at;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c < 0x20) fail();
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i + 1);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i + 1);
      } else i++;
    }
    fail();
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m![0].length;
  };
  const value = (depth: number): void => {
    if (depth > 1000) fail(); // deeper than any record file, and the call stack
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail();
  };
  try {
    value(0);
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length);
    throw at;
  }
}

/** "at line 3, column 14: Unexpected token '}', ..." for a JSON.parse error. */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const offset = jsonErrorOffset(text);
  if (offset < 0) return message;
  const { line, column } = lineAndColumn(text, offset);
  return `at line ${line}, column ${column}: ${message}`;
}
