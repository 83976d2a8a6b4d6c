import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { testSettings, builtIndexSettings, captureLog } from './support/env.js';
import { citedPapers as cited, converse } from './support/answers.js';
import { venuePapersAnswer } from '../src/answer/collection.js';
import type { Paper } from '../src/corpus/paper.js';

/** Questions about authors and the corpus as people type them in chat: lower case, no "by" or "'s", the noun alone. */
const icml = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });
const pmlr = await PapercordService.open(await builtIndexSettings({ CORPUS: 'pmlr-v306' }), { log: captureLog(), writer: null });
const answer = async (service: PapercordService, q: string) => (await service.ask(q, { useModel: false })).answer;
const AUTHOR_LIST = /is an author of|are authors of|Several authors/;

test("a surname in lower case before \"'s papers\" is an author's when the corpus has that author", async () => {
  for (const service of [icml, pmlr]) {
    for (const [q, by] of [["zeller's papers", 'papers by Zeller'], ["what are dementyev's papers?", 'papers by Dementyev'], ["what's zeller's research?", 'papers by Zeller'], ["show me dementyev's papers", 'papers by Dementyev'], ["dementyev and zeller's papers", 'papers by Dementyev and Zeller']] as const) {
      const expected = await answer(service, by);
      assert.match(expected, /is an author of|No indexed paper lists both/, by);
      assert.equal(await answer(service, q), expected, q);
    }
  }
  // A surname that is also a word ("long") is a name before "'s papers".
  assert.match(await answer(pmlr, "what are long's papers?"), /^Several authors are named \*\*Long\*\*: /);
});

test("a word in lower case before \"'s\" is no author when no author has that name, or after \"the\" or a first name", async () => {
  for (const q of ["the model's results", "What is the model's work?", "what are the authors' papers?", "it's papers on video", "john zeller's papers", "list jane wang's papers", "what is pixelthink's work about?"]) {
    assert.doesNotMatch(await answer(icml, q), AUTHOR_LIST, q);
  }
  // Wolf is two authors' surname, but "the wolf" is an animal.
  assert.match(await answer(pmlr, "what is wolf's work?"), /^Several authors are named \*\*Wolf\*\*/);
  assert.doesNotMatch(await answer(pmlr, "What is the wolf's work?"), AUTHOR_LIST);
});

test('"Dementyev papers", "papers zeller wrote" and "anything by zeller?" list that author\'s papers', async () => {
  for (const service of [icml, pmlr]) {
    const dementyev = await answer(service, 'papers by Artem Dementyev');
    const zeller = await answer(service, 'papers by Jana Zeller');
    for (const q of ['Dementyev papers', 'dementyev papers', 'list Dementyev papers', 'any dementyev publications?']) assert.equal(await answer(service, q), dementyev, q);
    for (const q of ['papers Zeller wrote', 'papers zeller wrote', 'which papers did zeller write?', 'what has zeller published?', 'anything by Zeller?', 'anything by zeller?', 'zeller papers']) {
      assert.equal(await answer(service, q), zeller, q);
    }
  }
  assert.equal(await answer(icml, 'song wang papers'), await answer(icml, 'papers by Song Wang'));
});

test('a name before "papers" or a verb of writing is no author when the question asks something else or the papers write it as a word', async () => {
  // The question asks what the paper finds: its abstract answers.
  const finds = await icml.ask('What does the Zeller paper find?', { useModel: false });
  assert.doesNotMatch(finds.answer, AUTHOR_LIST);
  assert.deepEqual(cited(finds), ['zeller26a']);
  for (const q of ['Which papers benchmark models?', 'Which Wang papers study video?']) assert.doesNotMatch(await answer(icml, q), AUTHOR_LIST, q);
  // Several authors are named Long, and "long" is a word the abstracts write.
  assert.ok(pmlr.papers.some((p) => p.authors.some((a) => / Long$/.test(a))));
  for (const q of ['long papers', 'Long papers', 'papers written in long form']) assert.doesNotMatch(await answer(pmlr, q), AUTHOR_LIST, q);
});

test('"PhaseCoder\'s authors", "VEQ authors" and "Who are VEQ\'s authors?" get the byline, as "Who wrote VEQ?" does', async () => {
  for (const [paper, asked] of [['PhaseCoder', ["PhaseCoder's authors", 'phasecoder authors?', 'authors of PhaseCoder', 'list the authors of PhaseCoder']], ['VEQ', ['VEQ authors', 'Who are the authors of VEQ?', "Who are VEQ's authors?", "tell me VEQ's authors", 'What are the authors of VEQ?']]] as const) {
    const byline = await answer(icml, `Who wrote ${paper}?`);
    assert.match(byline, /^\*\*.+\*\* is by .+\(ICML 2026\)\. \[1\]$/);
    for (const q of asked) assert.equal(await answer(icml, q), byline, q);
  }
  assert.equal(await answer(pmlr, 'KernelFoundry authors'), await answer(pmlr, 'Who wrote KernelFoundry?'));
  // Of two papers, each one's byline, as "Who wrote TGV-KV and CAST?" gives them.
  const both = await answer(icml, 'Who wrote TGV-KV and CAST?');
  assert.equal(both.split('\n').filter((line) => / is by .+\(ICML 2026\)\. \[\d\]$/.test(line)).length, 2, both);
  for (const q of ['authors of TGV-KV and CAST?', 'TGV-KV and CAST authors', 'Who are the authors of both TGV-KV and CAST?']) assert.equal(await answer(icml, q), both, q);
});

test('the authors of a paper asked with something else is a question about its abstract, not its byline', async () => {
  // "How many authors does VEQ have?" is a byline, with the count (see follow-ups).
  for (const q of ['What do the authors of PixelThink propose?', 'What do the authors of PixelThink and VEQ propose?', 'Which methods are used by the authors of PixelThink?', "How do VEQ's authors quantize experts?"]) {
    const a = await icml.ask(q, { useModel: false });
    assert.doesNotMatch(a.answer, /\bis by\b/, q);
  }
});

test('"papers by Wang and Zeller" lists what Zeller wrote and asks for the full name only of Wang, saying why', async () => {
  for (const service of [icml, pmlr]) {
    const wangs = await answer(service, 'Which papers are by Wang?');
    const shownWangs = /^Several authors are named \*\*Wang\*\*: (.+?)\. Ask with/.exec(wangs)![1]!;
    const zeller = await answer(service, 'papers by Jana Zeller');
    for (const q of ['papers by Wang and Zeller', 'papers by zeller and wang']) {
      const a = await service.ask(q, { useModel: false });
      const [listed, namesakes] = [a.answer.split('\n').slice(0, -1).join('\n'), a.answer.split('\n').at(-1)!];
      assert.equal(listed, zeller, q);
      assert.deepEqual(cited(a), ['zeller26a'], q);
      assert.ok(namesakes.startsWith(`Several authors are named **Wang**, so their papers are not listed: ${shownWangs}. None of them is listed as an author with **Jana Ricarda Zeller**`), namesakes);
      assert.match(namesakes, /Ask with the full name, such as "Which papers are by \S+ Wang and Jana Ricarda Zeller\?"; \/papers Wang lists the papers of all of them\.$/);
    }
  }
  // Of the 19 papers only the first author is known: "none of them" is only as far as that goes.
  assert.match(await answer(icml, 'papers by Wang and Zeller'), /None of them is listed as an author with \*\*Jana Ricarda Zeller\*\* \(some of these papers name only their first author\)\./);
});

test('"papers by Xiong and Wang" where several Wangs wrote with Jiayu Xiong names those Wangs; two shared surnames are both asked for', async () => {
  const xiong = pmlr.papers.filter((p) => p.authors.includes('Jiayu Xiong'));
  const cowriting = [...new Set(xiong.flatMap((p) => p.authors.filter((a) => / Wang$/.test(a))))];
  assert.ok(cowriting.length >= 2, 'several Wangs wrote with Jiayu Xiong');
  const a = await answer(pmlr, 'papers by Jiayu Xiong and Wang');
  assert.match(a, /^\*\*Jiayu Xiong\*\* is an author of /);
  const [, named] = /Of them, (.+) are listed as authors with \*\*Jiayu Xiong\*\*\./.exec(a)!;
  assert.deepEqual(new Set(named!.split(/, | and /)), new Set(cowriting));
  const two = await answer(pmlr, 'papers by Wang and Chen');
  assert.match(two, /^Several authors are named \*\*Wang\*\*: .+\.\nSeveral authors are named \*\*Chen\*\*: .+\. Ask with the full names, such as "Which papers are by \S+ Wang and \S+ Chen\?"; \/papers Wang and \/papers Chen list the papers of all of them\.$/);
});

test('"How many ICML papers are there?", "How big is the corpus?" and "How many papers are in the corpus?" get the count by venue', async () => {
  for (const service of [icml, pmlr]) {
    const n = service.papers.length;
    const count = `${n} papers are indexed: ICML 2026 (${n}). /papers lists them, and /papers with a few words searches their titles and authors.`;
    assert.equal(await answer(service, 'How many papers are indexed?'), count);
    for (const q of ['How many ICML papers are there?', 'How many ICML 2026 papers do you have?', 'How many papers are there?', 'How many papers do you have?', 'How big is the corpus?', 'How large is your index?', 'What is the size of the corpus?', 'corpus size?', 'How many papers are in the corpus?', 'How many papers does the corpus have?', 'How many papers in total?', 'How many indexed papers are there?', 'How many research papers do you have?', 'How many papers are from ICML?', 'the number of papers', 'What is the total number of papers?', 'number of papers in the corpus?']) {
      const a = await service.ask(q, { useModel: false });
      assert.deepEqual([a.answer, a.refused, a.citations], [count, false, []], q);
    }
  }
});

test('"How many Wang papers?" counts the papers of the authors named so, as "How many papers by Wang?" does, not the abstracts that write the name', async () => {
  for (const [q, by] of [['How many Wang papers?', 'How many papers by Wang?'], ['How many Kloft papers?', 'papers by Kloft'], ['How many Jing Wang papers?', 'papers by Jing Wang']]) {
    const a = await answer(pmlr, q);
    assert.match(a, /^Several authors are named \*\*Wang\*\*: .*\(3 papers\)|^\*\*[^*]+\*\* is an author of \d+ indexed papers:/, q);
    assert.equal(a, await answer(pmlr, by), q);
  }
  // A word the abstracts write is still a topic to count.
  assert.match(await answer(pmlr, 'How many video papers?'), /^\d+ of the 293 indexed papers mention video:/);
});

test('a count of papers about a topic, or of something else, is no index count', async () => {
  const video = await answer(icml, 'How many papers are about video?');
  assert.match(video, /^\d+ of the 19 indexed papers mention video:/);
  assert.equal(await answer(icml, 'How many video papers are there?'), video);
  for (const q of ['Which papers benchmark models?', 'How many papers are about scientific research?', 'How many NeurIPS papers are there?', 'How many questions are in SciVideoBench?', 'How many tasks are in the papers?', 'How big is the dataset?', 'How many papers are from 2025?']) {
    assert.doesNotMatch(await answer(icml, q), /papers are indexed/, q);
  }
});

test('papers asked of a name no author has say so, and that institutions are not known, instead of "no paper covers this"', async () => {
  const asked = [
    ['Which papers were written by Google?', 'Google'],
    ['Which papers are by John Smith?', 'John Smith'],
    ['Which papers are by Google DeepMind?', 'Google DeepMind'],
    ["Google's papers", 'Google'],
    // An institution asked as one is: where papers come from, or what it wrote.
    ['Which papers did Google write?', 'Google'],
    ['Which papers are from Google DeepMind?', 'Google DeepMind'],
    ['What has Meta published?', 'Meta'],
    ['Which papers come out of MIT?', 'MIT'],
    ['papers by researchers at Google', 'Google'],
    ['Which papers are affiliated with Stanford?', 'Stanford'],
  ] as const;
  for (const [q, name] of asked) {
    for (const service of [icml, pmlr]) {
      const a = await service.ask(q, { useModel: false });
      assert.equal(a.refused, true, q);
      assert.match(a.answer, new RegExp(`^No indexed paper lists an author named ${name}\\. The metadata gives authors' names, not their institutions`), q);
      assert.ok(a.answer.endsWith(`/papers ${name.split(' ').at(-1)} searches titles and authors.`), a.answer);
    }
  }
  // Only the 19 papers' metadata lists first authors alone.
  assert.match(await answer(icml, 'papers by Google'), /and for some papers only the first author/);
  assert.doesNotMatch(await answer(pmlr, 'papers by Google'), /first author/);
  // A refusal that names no one, or a name that is an author's, is not told so.
  assert.doesNotMatch(await answer(icml, 'What is the capital of France?'), /author named/);
  assert.doesNotMatch(await answer(icml, 'papers by Zeller on cooking'), /author named/);
  // A first name is not "no author": who has it is said, with how to ask.
  assert.equal(await answer(icml, 'papers by Morteza'), `No indexed author's surname is Morteza, but it is the first name of Morteza Monemizadeh. Ask with the full name: "papers by Morteza Monemizadeh".`);
  assert.match(await answer(pmlr, 'papers by Jian'), /^No indexed author's surname is Jian, but it is the first name of Jian \S+ and Jian \S+\. Ask for one of them by full name: "papers by Jian \S+"\.$/);
  // A paper's name is no author's: "PixelThink's work" is that paper.
  for (const q of ["What is PixelThink's work?", "VEQ's research?", 'papers by PixelThink', "ICML's papers"]) assert.doesNotMatch(await answer(icml, q), /author named/, q);
  // A venue is no institution: the bylines give it.
  for (const q of ['Which papers are from ICML?', 'Which papers are from ICML 2026?']) assert.doesNotMatch(await answer(pmlr, q), /author named/, q);
});

test('"Is 3D-RFT from ICML?", "Was VEQ accepted at ICML?", "Was CAST published at NeurIPS?" get the byline, which says its venue, as "When was it published?" does, named or as a follow-up', async () => {
  for (const [name, asked] of [['3D-RFT', ['Is 3D-RFT from ICML?', 'Is 3D-RFT an ICML paper?']], ['VEQ', ['Was VEQ accepted at ICML?', 'Is VEQ from ICML 2026?']], ['CAST', ['Was CAST published at NeurIPS?', 'Was CAST accepted to NeurIPS 2025?']]] as const) {
    const byline = await answer(icml, `When was ${name} published?`);
    assert.match(byline, /^\*\*.+\*\* is by .+\(ICML 2026\)\. \[1\]$/);
    for (const q of asked) assert.equal(await answer(icml, q), byline, q);
  }
  assert.equal((await converse(icml, 'What is VEQ?', 'was it accepted at NeurIPS?')).answer.answer, await answer(icml, 'When was VEQ published?'));
  // A venue that only qualifies what is asked of the abstract is no venue question.
  assert.doesNotMatch(await answer(icml, 'Is VEQ better than methods from CVPR?'), /\bis by\b/);
});

test('"Which papers are from ICML 2026?" is answered from the metadata\'s venues, not refused or searched for "2026"', async () => {
  for (const service of [icml, pmlr]) {
    for (const q of ['Which papers are from ICML 2026?', 'How many papers were published at ICML?', 'papers accepted to ICML 2026', 'Which papers are in ICML2026?']) {
      const a = await service.ask(q, { useModel: false });
      assert.equal(a.refused, false, q);
      assert.equal(a.answer, `All ${service.papers.length} indexed papers are from ICML 2026. /papers lists them.`, q);
    }
    // An institution is still no venue.
    assert.match((await service.ask('Which papers are from Google?', { useModel: false })).answer, /^No indexed paper lists an author named Google\./);
  }
});

test('"Were any of these papers published at NeurIPS?", "accepted at", "appear at": asked yes or no, a venue is still the venue answer, never a name nothing mentions nor a quoted "NeurIPS\'20"', async () => {
  for (const service of [icml, pmlr]) {
    const n = service.papers.length;
    for (const [q, venue] of [['Were any of these papers published at NeurIPS?', 'NeurIPS'], ['Was any paper accepted at NeurIPS?', 'NeurIPS'], ['Do any papers appear at ICLR?', 'ICLR'], ['Did any of them appear in CVPR 2025?', 'CVPR 2025'], ['Are there any papers from NeurIPS?', 'NeurIPS'], ['Has any paper been accepted to ICLR?', 'ICLR']] as const) {
      const a = await service.ask(q, { useModel: false });
      assert.deepEqual([a.answer, a.refused, a.citations], [`None of the ${n} indexed papers is from ${venue}: all are from ICML 2026. /papers lists them.`, false, []], q);
    }
    for (const q of ['Were any papers published in ICML?', 'Were any of these papers accepted at ICML 2026?']) assert.equal(await answer(service, q), `All ${n} indexed papers are from ICML 2026. /papers lists them.`, q);
    // Named in a question about something else, a venue is no paper's unknown name either.
    assert.doesNotMatch(await answer(service, 'What did the NeurIPS papers find about submodular maximization?'), /Nothing indexed mentions/);
  }
});

test('"Which papers are from NeurIPS?" of papers from none is a venue answer, none and where they are from, not "no author named NeurIPS"; "from Zeller" lists Zeller\'s papers as "papers by Zeller" does', async () => {
  for (const service of [icml, pmlr]) {
    const n = service.papers.length;
    for (const [q, venue] of [['Which papers are from NeurIPS?', 'NeurIPS'], ['Which papers are from ICML 2025?', 'ICML 2025'], ['Which papers appeared at NeurIPS 2025?', 'NeurIPS 2025'], ["Which papers are from NeurIPS'20?", "NeurIPS'20"]] as const) {
      const a = await service.ask(q, { useModel: false });
      assert.deepEqual([a.answer, a.refused, a.citations], [`None of the ${n} indexed papers is from ${venue}: all are from ICML 2026. /papers lists them.`, false, []], q);
    }
    for (const q of ['Which papers are from Zeller?', 'Which papers come from Zeller?']) assert.equal(await answer(service, q), await answer(service, 'papers by Zeller'), q);
    assert.match(await answer(service, 'papers by Zeller'), /^\*\*Jana Ricarda Zeller\*\* is an author of one indexed paper:/);
  }
  // Of papers from several venues, each with how many.
  const paper = (id: string, venue: string, year: number): Paper => ({ id, title: id, abstract: '', authors: [], aliases: [], source: { file: 'f', record: id }, venue, year });
  const mixed = [paper('a', 'ICML', 2026), paper('b', 'ICML', 2026), paper('c', 'ICLR', 2025)];
  assert.equal(venuePapersAnswer('Which papers are from NeurIPS?', mixed), 'None of the 3 indexed papers is from NeurIPS: they are from ICML 2026 (2), ICLR 2025 (1). /papers lists them.');
  // An institution or a person is no venue.
  for (const q of ['Which papers are from Google?', 'Which papers are from Zeller?']) assert.equal(venuePapersAnswer(q, mixed), undefined, q);
  // Of papers without any venue (a .txt corpus without its sidecar), that the metadata gives none, not "all are from no venue given".
  const noVenue = mixed.map(({ venue: _, ...p }) => p);
  for (const [q, venue] of [['Which papers are from NeurIPS?', 'NeurIPS'], ['Which papers are from ICML?', 'ICML']]) {
    assert.equal(venuePapersAnswer(q, noVenue), `The metadata gives no venue for the 3 indexed papers, so I cannot tell which are from ${venue}. /papers lists them.`, q);
  }
  assert.equal(venuePapersAnswer('Which papers are from NeurIPS?', noVenue.slice(0, 1)), 'The metadata gives no venue for the 1 indexed paper, so I cannot tell which is from NeurIPS. /papers lists them.');
});
