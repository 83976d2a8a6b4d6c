import type { AnswerKind } from '../kind.js';
import { markdownLiteral } from '../../corpus/text.js';
import type { QuestionFrame } from '../../question/frame.js';
import { asksForOthers, asksOnlyForLike } from '../../question/pointing.js';
import { joinNotices } from '../../notice.js';
import { escapeRegExp, wholeWord } from '../../text/pattern.js';
import type { Answer, Citation, Source } from '../../types.js';
import type { AnswerContext } from '../kind.js';
import { listedPaper } from '../listing.js';
import { readingNaming } from '../../question/read.js';
import type { Paper } from '../../corpus/paper.js';

/** A made-up name several papers have ("PRISM"), asked about without naming one of them. */
function namesakes(f: QuestionFrame, ctx: AnswerContext) {
  return f.read('namesakes', () => (!f.optionPaper && !f.authorship && !f.comparison && f.subjectNames.papers.length === 0 && f.earlier.length === 0 ? ctx.library.names.namesakesIn(f.unasked) : undefined));
}

/**
 * "What is PRISM?" of two papers called PRISM: each answered apart, as /summary and "Who wrote
 * PRISM?" tell them apart, not one running answer. "Papers like PRISM?" too: each PRISM's related
 * papers; not "Other papers than PRISM on X".
 */
export const namesakesKind: AnswerKind = {
  id: 'namesakes',
  description: 'A name several papers have ("What is PRISM?"): each one answered apart, in one numbering.',
  stage: 'papers',
  match(f, ctx) {
    const n = namesakes(f, ctx);
    return n !== undefined && (!asksForOthers(f.q) || asksOnlyForLike(f.q.replace(wholeWord(escapeRegExp(n.name), 'u'), ' ')));
  },
  answer(f, ctx) {
    const { name, papers } = namesakes(f, ctx)!;
    // Each asked with the paper's id for the name: "What is PRISM?" is then "What is 2605.05407?", its summary, as for a name one paper has.
    const named = wholeWord(escapeRegExp(name), 'u');
    return { each: papers.map((paper) => readingNaming(f.q.replace(named, paper.id))), join: (parts) => joined(f, ctx, name, papers, parts) };
  },
};

/** The answers of each namesake in one answer: each headed by its paper, in one numbering of sources. */
function joined(f: QuestionFrame, ctx: AnswerContext, name: string, papers: readonly Paper[], parts: readonly Answer[]): Answer {
  let shift = 0;
  const lines = [`${papers.length} indexed papers are called ${markdownLiteral(name)}:`];
  const citations: Citation[] = [];
  const sources: Source[] = [];
  for (const [i, part] of parts.entries()) {
    const by = shift;
    const renumbered = part.answer.replace(/\[(\d+)\]/g, (_, n: string) => `[${Number(n) + by}]`);
    // Headed by its paper when it quotes it; a related list names its paper itself, and its first source is another.
    const first = part.sources[0]?.paperId === papers[i]!.id ? part.sources[0] : undefined;
    lines.push(first ? `${listedPaper({ ...first, n: first.n + by })}\n${renumbered}` : renumbered);
    citations.push(...part.citations.map((c) => ({ ...c, n: c.n + by })));
    sources.push(...part.sources.map((s) => ({ ...s, n: s.n + by })));
    shift += part.sources.length;
  }
  const written = parts.every((p) => p.mode === 'ollama') ? { mode: 'ollama' as const, model: parts[0]!.model } : { mode: 'extractive' as const };
  const notice = joinNotices(...new Map(parts.flatMap((p) => (p.notice ? [[p.notice.said, p.notice] as const] : []))).values());
  return { question: f.q, answer: lines.join('\n'), ...written, refused: parts.every((p) => p.refused), citations, sources, ...(notice ? { notice } : {}), elapsedMs: Date.now() - ctx.started };
}
