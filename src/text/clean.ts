/** The text inside one pair of matching quotes around it ("...", '...', “...”), else the text as it is. */
export function unquote(s: string): string {
  const m = /^(["'“])(.*)(["'”])$/s.exec(s);
  return m && (m[1] === '“' ? m[3] === '”' : m[3] === m[1]) ? m[2]! : s;
}

/**
 * Nothing but spaces and quotes: a stray quote ('"') or an empty pair of them says nothing, and
 * searching for it would answer "No paper matches """".
 */
export function isBlank(text: string): boolean {
  return /^[\s"'“”‘’]*$/.test(text);
}

/**
 * What is left of user input once invisible and control characters are gone: zero-width
 * characters would defeat matching and length checks, and control characters break output.
 */
export function cleanText(input: string): string {
  return input
    .replace(/[\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A message quoting outside bytes (a parser's error on a damaged file) made fit for one log line:
 * control characters and what binary decodes to (C1 controls, U+FFFD) gone, at most `max`
 * characters.
 */
export function printableExcerpt(text: string, max = 200): string {
  return cutAt(cleanText(text.replace(/[\u0080-\u009f\ufffd]+/g, ' ')), max);
}

/** The text cut to `max` characters, an ellipsis marking the cut. */
export function cutAt(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[], conjunction = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/**
 * Markdown's text as written: each backslash escape ("S\_N", "\*") as the character it keeps
 * literal. The service writes Markdown, for Discord; a terminal or a JSON reader would see the
 * backslashes as part of the text.
 */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_~|>#\-[\]().:+])/g, '$1');
}

/** Bold: a pair of unescaped "**" around text ("**TL;DR:**", a paper's name). */
const BOLD = /(?<!\\)\*\*(?=\S)(.+?)(?<=[^\s\\])\*\*/g;

/**
 * Italics: "_x_" as readableTex writes \emph, "*x*" as abstracts and chat write it. A mark inside
 * a word (S_N, snake_case, a*b*c) or with space inside it ("2 * 3 * 4") is no italics.
 */
const ITALIC = /(?<![\w\\])_(?=\S)([^_\n]+?)(?<=[^\s\\])_(?!\w)|(?<![\w\\*])\*(?=[^\s*])([^*\n]+?)(?<=[^\s\\*])\*(?![\w*])/g;

/** Markdown's bold and italics as their words ("**PixelThink**" as PixelThink); S_N, snake_case and "2 * 3 * 4" as written. */
export function withoutEmphasis(markdown: string): string {
  return markdown.replace(BOLD, '$1').replace(ITALIC, (_, underscored: string | undefined, starred: string | undefined) => underscored ?? starred!);
}

/** A fenced code block, its language when a line break follows it ("```js\n…```"), its code captured. */
const CODE_BLOCK = /```(?:[\w+#.-]*\n)?([\s\S]*?)```/g;

/** An inline code span, in one or two backticks. */
const CODE_SPAN = /(`{1,2})([^`\n]+?)\1/g;

/** Spoilers (||x||), strikethrough (~~x~~) and underline (__x__, not inside a word: snake__case), the text kept. */
const SPANS = /\|\|(?=\S)(.+?)(?<=\S)\|\||~~(?=\S)(.+?)(?<=\S)~~|(?<![\w\\])__(?=\S)(.+?)(?<=\S)__(?!\w)/g;

/** What opens a heading line ("# ", "## ", "### "), subtext ("-# ") or a block quote ("> ", ">>> "). */
const LINE_MARKS = /^[ \t]*(?:#{1,3}|-#|>{1,3})[ \t]+/gm;

/**
 * A question as chat writes it (Discord's Markdown) as its words: "What is **PixelThink**?",
 * "What is `PixelThink`?", "||PixelThink||" or "# what is PixelThink" asks "What is
 * PixelThink?", which the markers would turn into another question (or none: a name in a code
 * span is not read as one). Code blocks are left out: the abstracts hold no code, and a snippet
 * beside a question would only take its search off the question; a question that is nothing but
 * a code block is the code's words. Marks inside words and math (S_N, a*b, snake_case) stay.
 */
export function withoutMarkdown(text: string): string {
  const outside = text.replace(CODE_BLOCK, '\n');
  const unfenced = isBlank(outside) ? text.replace(CODE_BLOCK, (_, code: string) => `\n${code}\n`) : outside;
  const spans = unfenced.replace(CODE_SPAN, '$2').replace(LINE_MARKS, '').replace(SPANS, (...m: (string | undefined)[]) => m[1] ?? m[2] ?? m[3]!);
  return withoutEmphasis(spans);
}

/** A question as the service reads it, and a front end shows it: its words without Markdown (see withoutMarkdown), on one line, no invisible characters. */
export function questionText(input: string): string {
  return cleanText(withoutMarkdown(input));
}
