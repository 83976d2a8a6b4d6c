import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCorpus } from '../src/corpus/load.js';
import { readableTex } from '../src/corpus/text.js';
import { extractiveSummary, summarySections, SUMMARY_LENGTHS, type SummarySection } from '../src/answer/summary.js';
import { listEnd, splitSentences } from '../src/text/sentences.js';
import type { Paper } from '../src/corpus/paper.js';

const { papers } = await loadCorpus(['icml2026', 'pmlr-v306']);
const paper = (id: string) => papers.find((p) => p.id === id)!;
/** A summary's lines by label. */
const lines = (p: Paper, length: 'short' | 'medium' | 'long') =>
  Object.fromEntries(extractiveSummary(p, length).split('\n').map((line) => [/^\*\*([^*]+):\*\*/.exec(line)![1]!, line])) as Partial<Record<SummarySection, string>>;
const shown = (summary: string) => summary.replace(/^\*\*[^*]+:\*\* /gm, '').replace(/ \[1\]$/gm, '').replace(/\n/g, ' ');

test('a medium summary is about half its abstract and a short one about a third, with the TL;DR, the headline result and (medium) the method', () => {
  const share = (length: 'short' | 'medium') => papers.map((p) => shown(extractiveSummary(p, length)).length / readableTex(p.abstract).length).reduce((a, b) => a + b, 0) / papers.length;
  // Medium was 84% of its abstract on average, short 47%.
  assert.ok(share('medium') < 0.56, `medium ${share('medium')}`);
  assert.ok(share('short') < 0.4, `short ${share('short')}`);
  const pixelthink = lines(paper('2505.23727'), 'medium');
  assert.match(pixelthink['TL;DR']!, /we propose PixelThink/);
  assert.match(pixelthink.Method!, /The model learns to compress reasoning length/);
  assert.match(pixelthink.Results!, /by 30\.4%, cutting token usage by 48\.2%/);
  for (const p of papers) {
    const sections = summarySections(p)!;
    const medium = lines(p, 'medium');
    for (const label of ['TL;DR', 'Results'] as const) assert.equal(!!medium[label], sections[label].length > 0, `${p.id} ${label}`);
    if (medium.Method) assert.ok(sections.Method.length > 0, p.id);
  }
  // Its only method sentence, "MentisOculi establishes the necessary foundation to ... close this gap", points back at a
  // finding, shown after the method: it has no Method line rather than one without its referent.
  assert.equal(lines(paper('zeller26a'), 'medium').Method, undefined);
  // kaulen26a's result, "This approach often uncovers ...", brings the method sentence it points at; the Method line then
  // also took "We address this by ...", with the three problem sentences it points back at: 89% of the abstract.
  const kaulen = paper('kaulen26a');
  assert.ok(shown(extractiveSummary(kaulen, 'medium')).length <= 0.55 * readableTex(kaulen.abstract).length);
  // A long one is the whole abstract, sectioned: every sentence but links and release notes, the TL;DR perhaps after its lead-in.
  for (const id of ['2505.23727', 'bateni26a', 'frauen26a']) {
    const text = shown(extractiveSummary(paper(id), 'long'));
    for (const s of splitSentences(paper(id).abstract).map((x) => readableTex(x.text))) {
      if (!/https?:\/\//.test(s)) assert.ok(text.includes(s) || text.includes(`…${s.slice(s.indexOf(', we ') + 2)}`), `${id}: ${s.slice(0, 50)}`);
    }
  }
});

test("a research question, others' cited work and a stated difficulty are the problem, not method or results", () => {
  // bateni26a put "We ask whether ... achieves ...?" under Results and the two after it under Method.
  const bateni = lines(paper('bateni26a'), 'long');
  assert.match(bateni.Problem ?? '', /We ask whether this sequential distributed protocol achieves information aggregation/);
  assert.match(bateni.Problem ?? '', /This question was studied for linear regression under squared loss by Kearns, Roth, and Ryu \(2026\)\./);
  assert.match(bateni.Problem ?? '', /Extending their guarantees to classification is nontrivial/);
  assert.doesNotMatch(`${bateni.Method}\n${bateni.Results}`, /We ask whether|Kearns|nontrivial/);
  // "Thus, prior work relies ..." is prior work behind a connective; "In this work, we ask whether ..." a question.
  assert.match(lines(paper('hosseini26b'), 'long').Problem!, /Thus, prior work relies primarily on combinatorial or iterative search\./);
  assert.match(lines(paper('le26a'), 'long').Problem!, /In this work, we ask whether diffusion policies can be trained effectively/);
});

test('a finding is a result, not the method: "analysis shows that", "we prove", and a consequence drawn from a finding', () => {
  const zhang = lines(paper('zhang26ed'), 'long');
  assert.match(zhang.Results!, /Further analysis shows that modality preference can be controlled/);
  assert.doesNotMatch(zhang.Method!, /Further analysis shows/);
  // Proposing something is still the method, even with a proof in the same sentence.
  assert.match(zhang.Method!, /Built on these insights, we propose a probing and steering method/);
  const abijuru = lines(paper('abijuru26b'), 'long');
  assert.doesNotMatch(abijuru.Method!, /As a consequence, a small number of large residuals/);
  assert.match(lines(paper('bateni26a'), 'long').Results!, /prove an excess-loss upper bound/);
  // "As a result" joins sentences: it does not make one a result.
  assert.match(lines(paper('hosseini26b'), 'long').Problem!, /prior work/);
});

test('what the authors build or how they answer the problem is the method, whatever it evaluates; a step goes where the one before it goes; a field whose guarantees "remain limited" is the problem', () => {
  // kaulen26a put "We address this by evaluating ..." under Results, for its words "evaluating" and "accuracy".
  const kaulen = lines(paper('kaulen26a'), 'long');
  assert.match(kaulen.Method!, /We address this by evaluating certified training methods/);
  assert.doesNotMatch(kaulen.Results!, /We address this/);
  // shen26ac put "we propose a ... evaluation scheme" and the step after it ("Each subtask is then accompanied by ..., which
  // achieves the Pareto optimum") under Results.
  const shen = lines(paper('shen26ac'), 'long');
  assert.match(shen.Method!, /we propose a fine-grained subtask-based evaluation scheme .* Each subtask is then accompanied/);
  assert.doesNotMatch(shen.Results!, /subtask/);
  // A proposal that also states a finding stays a result.
  assert.match(lines(paper('vaswani26a'), 'long').Results!, /we present a lower bound demonstrating that/);
  assert.match(lines(paper('guo26g'), 'long').Results!, /We empirically demonstrate that our method yields/);
  // ito26a put its problem, "... anytime last-iterate guarantees in stochastic settings remain limited", under Method.
  const ito = lines(paper('ito26a'), 'long');
  assert.match(ito.Problem!, /guarantees in stochastic settings remain limited/);
  assert.doesNotMatch(ito.Method!, /remain limited/);
});

test("a TL;DR's lead-in that points back at sentences not before it is left out, marked by an ellipsis, the rest word for word", () => {
  const zhang = paper('zhang26ed');
  for (const length of SUMMARY_LENGTHS) {
    const tldr = lines(zhang, length)['TL;DR']!;
    assert.match(tldr, /^\*\*TL;DR:\*\* …we introduce MC² benchmark, which constructs controlled evidence-conflict scenarios/, length);
    assert.ok(readableTex(zhang.abstract).includes(tldr.replace(/^\*\*TL;DR:\*\* …/, '').replace(/ \[1\]$/, '')));
  }
  assert.match(lines(paper('2505.23727'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* …we propose PixelThink/);
  // A lead-in that says something of its own stays, and so does "In this work".
  const own = (text: string) => extractiveSummary({ id: 'x', title: 'X', abstract: text, authors: [], aliases: [], source: { file: 'x', record: '1' } }, 'long').split('\n')[0];
  assert.match(own('Foundation models need labels. To mitigate data scarcity in fine-tuning of foundation models, we propose a new method. It improves accuracy by 3%.')!, /^\*\*TL;DR:\*\* To mitigate data scarcity/);
  assert.match(own('Foundation models need labels. In this work, we propose a new method. It improves accuracy by 3%.')!, /^\*\*TL;DR:\*\* In this work, we propose/);
});

test('a numbered list is shown whole or not at all, in one part of the summary', () => {
  let lists = 0;
  for (const p of papers) {
    const sentences = splitSentences(p.abstract).map((s) => s.text);
    for (let i = 0; i < sentences.length; i++) {
      const end = listEnd(sentences, i);
      if (end === i + 1) continue;
      lists++;
      const items = sentences.slice(i, end).map(readableTex);
      for (const length of SUMMARY_LENGTHS) {
        const text = extractiveSummary(p, length);
        const found = items.map((s) => text.split('\n').findIndex((line) => line.includes(s)));
        assert.ok(found.every((f) => f === -1) || found.every((f) => f === found[0] && f >= 0), `${p.id} ${length}: items ${found.join(',')}`);
      }
    }
  }
  assert.ok(lists >= 8, `${lists} lists`);
  // "(i) ... (iv)" was split over Method and Results; "First, ... Second, ..." too.
  assert.match(lines(paper('frauen26a'), 'long').Method!, /\(i\) It produces .* \(ii\) .* \(iii\) .* \(iv\) It suggests optimal policies/);
  assert.match(lines(paper('2606.03075'), 'medium').Method!, /\(1\) Text-Vision Budgeting.*\(2\) Text-Weighted Ranking.*\(3\) Text-Prioritised Retention/);
});

test('a sentence that points back ("This", "It", "this gap") is shown right after the sentence before it, or another stands in; a long summary is all of them', () => {
  const summary = (abstract: string, length: 'short' | 'medium' | 'long') =>
    extractiveSummary({ id: 'foo', title: 'Foo: Cheap Experts', abstract, authors: [], aliases: [], source: { file: 'x', record: '1' } }, length);
  // "This saving" is the method's first sentence, but it points back at a result, which is shown after the method: the next method sentence stands in.
  const saving = 'Large models are costly to serve. We propose Foo, a router that sends each token to one small expert. Experiments show that Foo cuts memory by 40% on three benchmarks. This saving grows with the input length. Foo learns its routes from the training loss alone.';
  assert.match(summary(saving, 'medium'), /\*\*Method:\*\* Foo learns its routes from the training loss alone\. \[1\]/);
  assert.doesNotMatch(summary(saving, 'medium'), /This saving/);
  assert.match(summary(saving, 'long'), /\*\*Method:\*\* This saving grows with the input length\. Foo learns its routes/);
  // "This cuts memory" is the headline result: the method sentence it points back at comes with it, right before it.
  const cuts = 'Large models are costly to serve. We propose Foo, a router that sends each token to one small expert. Foo learns its routes from the training loss alone. This cuts memory by 40% on three benchmarks.';
  for (const length of ['short', 'medium'] as const) {
    assert.match(summary(cuts, length), /\*\*Method:\*\* Foo learns its routes from the training loss alone\. \[1\]\n\*\*Results:\*\* This cuts memory by 40%/, length);
  }
});
