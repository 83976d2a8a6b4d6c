import type { Paper } from '../corpus/paper.js';
import { PapercordError } from '../errors.js';
import type { Library } from '../library/library.js';
import { isAuthorNameWord } from '../answer/author-index.js';
import { withoutGreeting, withoutRolePlay } from '../answer/small-talk.js';
import { namedNotOption } from '../answer/replies.js';
import { isBlank, questionText } from '../text/clean.js';
import { withTyposMended } from '../text/terms.js';
import type { Notice, Turn } from '../types.js';
import { describesOwnPaper } from './conversation.js';
import { asksBeyondNamed, pointsBackOnlyAfter, refersBackToOne } from './pointing.js';

/** What a question is asked with, besides its text. */
export interface ReadOptions {
  /** The paper option: an id, alias or title the question is limited to. */
  paper?: string;
  /** Earlier turns of the conversation. */
  history?: readonly Turn[];
}

/** A question after its rewrites: what is answered, and what the asker is told of how it was read. */
export interface Reading {
  /** The text answered: as typed, without a greeting or role play, typos mended, acronyms spelled out. */
  text: string;
  /** The question as the answer shows it: as typed, without a greeting or role play. */
  shown: string;
  /** The turns the question is read in: none when it describes its own paper, made up when it is an earlier question asked again. */
  history: readonly Turn[];
  /** The paper option as the question is finally asked with it (set aside when the question names other papers). */
  option: string | undefined;
  /** The option's paper, resolved. */
  optionPaper: Paper | undefined;
  /** The conversation the rewrites left before the question was placed in it: a question read again (as a topic list) is read in it. */
  asked: ReadOptions;
  /** What the rewrites say to the asker, in the order they applied. */
  notices: Notice[];
}

/** The question's text, checked: not empty, not over the limit. */
export function validateQuestion(question: string, maxChars: number): string {
  const q = questionText(question);
  if (isBlank(q)) throw new PapercordError('EMPTY_QUESTION', 'The question is empty.', 'Ask something about the papers, for example: What does MentisOculi evaluate?');
  if (q.length > maxChars) throw new PapercordError('QUESTION_TOO_LONG', `The question has ${q.length} characters; the limit is ${maxChars}.`, 'Shorten it to the essential question.');
  return q;
}

/**
 * Reads a question once, before any answer kind sees it: each rewrite gives the text (and the
 * conversation, and the option) to read next, and what to tell the asker; the rewrites run again
 * on what one of them gave, until none applies.
 */
export function readQuestion(library: Library, question: string, opts: ReadOptions): Reading {
  const notices: Notice[] = [];
  let text = question;
  let shown: string | undefined;
  let history: readonly Turn[] = opts.history ?? [];
  let option = opts.paper;
  for (;;) {
    const typed = withoutRolePlay(withoutGreeting(validateQuestion(text, library.settings.maxQuestionChars)));
    shown ??= typed;
    // "wich papers study vidoe retrieval?": "vidoe" is no paper's word. Asked as mended, shown as typed, with how it was read.
    const mended = withTyposMended(typed, (term) => library.retriever.termStats.df(term), (word) => isAuthorNameWord(word, library.papers) || library.catalog.misspelled(word) !== undefined);
    if (mended.mended.length) {
      notices.push({ said: `Read ${mended.mended.map(([typo, read]) => `"${typo}" as "${read}"`).join(', ')}.` });
      text = mended.text;
      continue;
    }
    // "Which papers use RL?" of papers that write only "reinforcement learning": asked in their words.
    // Not a question about one paper, whose own words spell it out or not ("Does CoPE use RL?": CoPE writes "continual learning" only).
    const inPapersWords = option || library.names.namesIn(typed).papers.length === 1 ? typed : library.acronyms.unwrittenSpelledOut(typed);
    if (inPapersWords !== typed) {
      text = inPapersWords;
      continue;
    }
    // "Who wrote the paper on spatial audio?" after "What is PixelThink?" describes its paper: it is asked as it would be alone.
    const placed = describesOwnPaper(typed) ? [] : history;
    // "And for 3D-RFT?" after "Who wrote PixelThink?" is the question before asked again, of 3D-RFT.
    const again = option ? undefined : library.conversation.askedAgain(typed, placed);
    if (again) {
      text = again.question;
      history = again.about ? [{ question: again.about, answer: '' }] : [];
      continue;
    }
    // "Who wrote VEQ?" limited to PixelThink (an option left from an earlier question) asks about VEQ: read so, and said.
    const optionPaper = option ? library.resolvePaper(option) : undefined;
    const instead = optionPaper ? papersNamedInstead(library, typed, optionPaper) : [];
    if (instead.length) {
      notices.push({ said: namedNotOption(instead, optionPaper!) });
      option = undefined;
      continue;
    }
    // A link alone ("https://arxiv.org/abs/2505.23727", a paper's page) asks what that paper is.
    const linked = !option && /^https?:\/\/\S+$/.test(typed) ? library.catalog.get(typed) : undefined;
    if (linked) {
      text = 'What is it about?';
      option = linked.id;
      continue;
    }
    return { text: typed, shown, history: placed, option, optionPaper, asked: { paper: option, history }, notices };
  }
}

/**
 * A reading made from a question already read, with one paper named in it ("What is PRISM?" as
 * "What is 2605.05407?"): its rewrites have run, so it is asked as it stands, in no conversation
 * and with no option, as the question would be read alone.
 */
export function readingNaming(text: string): Reading {
  return { text, shown: text, history: [], option: undefined, optionPaper: undefined, asked: { paper: undefined, history: [] }, notices: [] };
}

/**
 * The papers a question limited to `option` names instead of it: it names some, not that one,
 * and does not point at that one ("Compare it with VEQ" sets VEQ against it; "Who wrote VEQ?"
 * asks of VEQ only). An "it" after the name, in a question that sets no papers side by side, is
 * the named paper ("Who wrote VEQ and what does it do?").
 */
function papersNamedInstead(library: Library, q: string, option: Paper): Paper[] {
  const names = library.names.namesIn(q);
  const namedAt = Math.min(...names.words.map((n) => q.indexOf(n.word)).filter((at) => at >= 0));
  const itIsNamed = !asksBeyondNamed(names.rest) && pointsBackOnlyAfter(q, namedAt);
  const pointsAtOption = (refersBackToOne(names.rest) || /\b(?:it|this|that)\b/i.test(names.rest)) && !itIsNamed;
  return names.papers.length && !names.papers.includes(option) && !pointsAtOption ? names.papers : [];
}
