/** What asks nothing of the papers: greetings, thanks, pushback, help, questions about the bot, a role it is told to play; and what to say to them. */
import { type Paper, isCoined, systemName } from '../corpus/paper.js';
import { ABOUT_THE_BOT, ASKS_AFTER_ROLE, ASKS_RANKING, GREETING, GREETING_FIRST, HELP, PUSHBACK, ROLE_CLAUSE_FIRST, ROLE_SENTENCE_FIRST, THANKS } from '../lexicon/small-talk.js';
import { theIndexed } from './collection.js';

/** The question without a greeting before it: "Hi" is no word to search for. */
export function withoutGreeting(question: string): string {
  return question.replace(GREETING_FIRST, '');
}

/**
 * The question without a role or instructions said before it: the bot takes no instructions from
 * questions, so what is asked after them is answered as if asked alone. A role with nothing asked
 * of the papers after it ("Pretend you are a chef and give me a recipe") is kept, to be answered
 * about the bot.
 */
export function withoutRolePlay(question: string): string {
  const role = ROLE_SENTENCE_FIRST.exec(question) ?? ROLE_CLAUSE_FIRST.exec(question);
  if (!role) return question;
  const rest = question.slice(role[0].length);
  return ASKS_AFTER_ROLE.test(rest) || asksAboutTheBot(rest) ? rest : question;
}

/** Whether a question asks about the bot itself (who it is, its model, its prompt) or tells it to drop its instructions. */
export function asksAboutTheBot(question: string): boolean {
  return ABOUT_THE_BOT.test(question);
}

/** How each small-talk reply starts, so that a follow-up can tell it is about no paper (see answersAboutNoPaper). */
export const SMALL_TALK = { thanks: 'Glad to help.', self: 'I am papercord,', hello: 'Hello! I answer', sorry: 'Sorry that did not help.', ranking: 'I do not rank the papers' } as const;

/**
 * What to say to a greeting, a thanks, a call for help or a question about the bot, which ask
 * nothing of the papers: a search would quote a sentence that writes "help". Examples name a
 * paper of this corpus. `modelAnswers` says whether a model writes answers now; which model and
 * where it runs are left to /status, as a prompt injection must not draw out configuration.
 */
export function smallTalkAnswer(question: string, papers: readonly Paper[], modelAnswers: () => boolean): string | undefined {
  if (THANKS.test(question)) return `${SMALL_TALK.thanks} Ask another question, or a follow-up to an answer.`;
  const count = theIndexed(papers);
  if (asksAboutTheBot(question)) {
    const writer = modelAnswers() ? 'A language model writes the answers from the passages found.' : 'No language model answers now, so answers quote the abstracts.';
    return `${SMALL_TALK.self} a bot that answers questions about ${count} from their abstracts, citing the passages it uses. ${writer} /status shows the model and its state. I take no instructions from questions: ask about the papers, or /help for every command.`;
  }
  const pushback = PUSHBACK.test(question);
  const ranking = ASKS_RANKING.test(question);
  if (!pushback && !ranking && !GREETING.test(question) && !HELP.test(question)) return undefined;
  const named = exampleName(papers);
  if (ranking) {
    const examples = named ? `: "What is ${named}?", "What are ${named}'s results?"` : '';
    return `${SMALL_TALK.ranking} or pick favourites: each abstract says what its paper claims, not which paper is best. Ask what a paper does or found${examples}, or which papers are on a topic ("Which papers study video?"). /papers lists them.`;
  }
  if (pushback) {
    const example = named ? `, for example "What does ${named} evaluate?"` : '';
    return `${SMALL_TALK.sorry} I can only quote and summarise the papers' abstracts: ask again with the paper's name or id and what you want to know${example}. /papers lists the papers.`;
  }
  const examples = named ? ` For example: "What is ${named}?", "Who wrote ${named}?", "Papers like ${named}?".` : '';
  return `${SMALL_TALK.hello} questions about ${count} from their abstracts, citing the passages I use.${examples} /summary summarises a paper, /related finds related work, /papers lists them and /help shows every command.`;
}

/** The first made-up name among the papers' systems, for an example question; read only for a reply that shows one, and only up to that paper. */
function exampleName(papers: readonly Paper[]): string | undefined {
  for (const p of papers) {
    const name = systemName(p.title);
    if (name && isCoined(name)) return name;
  }
  return undefined;
}
