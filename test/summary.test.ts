import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCorpus } from '../src/corpus/load.js';
import { readableTex } from '../src/corpus/text.js';
import { extractiveSummary, sectionLine } from '../src/answer/summary/extractive.js';
import { pointsBack, shownTldr } from '../src/answer/summary/pointers.js';
import { summarySections, type SectionedAbstract, type SummarySection } from '../src/answer/summary/sections.js';
import { SUMMARY_LENGTHS } from '../src/answer/summary.js';
import { listEnd, splitSentences } from '../src/text/sentences.js';
import type { Paper } from '../src/corpus/paper.js';

const { papers } = await loadCorpus(['icml2026', 'pmlr-v306']);
const paper = (id: string) => papers.find((p) => p.id === id)!;
/** A summary's lines by label. */
const lines = (p: Paper, length: 'short' | 'medium' | 'long') =>
  Object.fromEntries(extractiveSummary(p, length).split('\n').map((line) => [/^\*\*([^*]+):\*\*/.exec(line)![1]!, line])) as Partial<Record<SummarySection, string>>;
const shown = (summary: string) => summary.replace(/^\*\*[^*]+:\*\* /gm, '').replace(/ \[1\]$/gm, '').replace(/\n/g, ' ');
/** The abstract's entries a text shows (a TL;DR's perhaps after its lead-in), in the order it shows them. */
const entriesShown = (sections: SectionedAbstract, text: string) =>
  sections.order
    .map((x) => [Math.max(text.indexOf(readableTex(x)), text.indexOf(readableTex(shownTldr(x)).replace(/^…/, ''))), x] as const)
    .filter(([at]) => at >= 0)
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);
/** The entries `shown` holds that point back, but not right after the entry before them in the abstract nor at one of `after`. */
const cutOff = (sections: SectionedAbstract, shown: readonly string[], after: readonly string[]) =>
  shown.filter((x, k) => {
    const i = sections.order.indexOf(x);
    return i > 0 && pointsBack(x) && shown[k - 1] !== sections.order[i - 1] && !after.includes(sections.order[i - 1]!);
  });

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
    // A Method line only where the abstract states a method; and wherever it does, unless each method sentence points back
    // or a Method line would come between a result shown and the problem sentence it points back at (maiti26a).
    if (medium.Method) assert.ok(sections.Method.length > 0, p.id);
    else if (sections.Method.length) {
      const resultAfterProblem = sections.Results.some(
        (r) => medium.Results?.includes(readableTex(r)) && pointsBack(r) && sections.Problem.includes(sections.order[sections.order.indexOf(r) - 1]!),
      );
      assert.ok(sections.Method.every(pointsBack) || resultAfterProblem, `${p.id} has no Method line`);
    }
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
  // A means to an end named first is method, its figure a cost ("To ensure scalability, we employ Ghost ..., incurring only 4.7% ..."); a test of the method is not.
  const opus = lines(paper('wang26gc'), 'long');
  assert.match(opus.Method!, /To ensure scalability, we employ Ghost technique/);
  assert.match(lines(paper('wang26gc'), 'short').Results!, /^\*\*Results:\*\* OPUS achieves remarkable results/);
  assert.match(lines(paper('wang26ge'), 'long').Results!, /To evaluate our approach, we focus on a soundness-critical task/);
  // A contrast with the methods before it, and a lead-in before a clause of the authors' own.
  assert.match(lines(paper('cheng26k'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* …our method organizes multiple proxies into sample-specific relational structures/);
  assert.match(lines(paper('wang26fy'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* …inspired by the idea that “all rivers run into the sea”, we propose ConFlux/);
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

test('a TL;DR stands alone: one that still points back comes with what it points at when short enough, else another sentence that says what the paper is stands in', () => {
  // Furina's "…we introduce Furina, a jailbreak attack that deliberately induces this signature" comes after the signature (52 words).
  for (const length of ['short', 'medium'] as const) {
    assert.match(lines(paper('wu26bw'), length)['TL;DR']!, /^\*\*TL;DR:\*\* Through systematic experiments, we identify a characteristic _diagnostic signature_: .* …we introduce \*\*Furina\*\*, a jailbreak attack that deliberately induces this signature/, length);
  }
  // abbadi26a's "Beyond this case however, the equivalence ... collapses" would take 67 words with the case: its aim stands in.
  assert.match(lines(paper('abbadi26a'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* We examine the interplay between ordinal, preference-based solution concepts/);
  // chen26e's "We address these challenges by introducing bulk-calibrated credal ambiguity sets" takes 71 words with the
  // challenges, and no other sentence says what the paper is: both, rather than a TL;DR that does not say which challenges.
  assert.match(lines(paper('chen26e'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* While Huber \(linear-vacuous\) contamination .* We address these challenges by introducing bulk-calibrated/);
  // zhou26bz's TL;DR is its thesis, "This position paper argues that ...", not its closing "We call on the community ...";
  // what it argues against, up to "We contend that ...", is still its problem.
  const zhou = lines(paper('zhou26bz'), 'long');
  assert.match(zhou['TL;DR']!, /^\*\*TL;DR:\*\* This position paper argues that LLM inference serving has outgrown generic heuristics/);
  assert.match(zhou.Problem!, /Despite rapid advances in serving systems such as vLLM and SGLang.* These general-purpose policies ignore/);
  assert.match(zhou.Method!, /We call on the community/);
  // izzo26a: its aim, not "We then introduce eight algorithms" (an addition, as "We also ..." is).
  assert.match(lines(paper('izzo26a'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* We study the problem of subgroup discovery for survival analysis/);
  // A lead-in that only points back is cut: "Drawing inspiration from these pioneering studies, we introduce Omni-Diffusion".
  assert.match(lines(paper('li26dv'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* …we introduce Omni-Diffusion, the first any-to-any/);
  // "In this position paper, we argue ..." is the paper itself, not a pointer.
  assert.match(lines(paper('zhang26jr'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* In this position paper, we argue that data providers should be fairly compensated/);
  const summary = (abstract: string) => extractiveSummary({ id: 'foo', title: 'Foo: Cheap Experts', abstract, authors: [], aliases: [], source: { file: 'x', record: '1' } }, 'short');
  // 79 words.
  const long = 'Serving large models costs memory, energy and latency on every request, and the cost grows with every expert a token visits, with the context it attends to, with the batch it shares, with the precision of the weights it reads and with the number of devices it spans, so that operators pay for capacity that most tokens never use, while the users who wait on slow replies pay for it again in time they spend waiting for their answers.';
  // Too long together, and nothing else says what the paper is: the TL;DR as it was.
  assert.match(summary(`${long} We propose Foo, a router that removes this cost. Foo cuts memory by 40%.`), /^\*\*TL;DR:\*\* We propose Foo, a router that removes this cost\. \[1\]/);
  // ... another sentence that says what the paper is stands in.
  assert.match(summary(`${long} We propose Foo, a router that removes this cost. We study routing in sparse models. Foo cuts memory by 40%.`), /^\*\*TL;DR:\*\* We study routing in sparse models\. \[1\]/);
  // Short enough together: both.
  assert.match(summary('Serving large models costs memory. We propose Foo, a router that removes this cost. Foo cuts memory by 40%.'), /^\*\*TL;DR:\*\* Serving large models costs memory\. We propose Foo, a router that removes this cost\. \[1\]/);
});

test('no short or medium summary shows a sentence that points back without what it points at right before it, or the TL;DR it points back at', () => {
  let pointers = 0;
  for (const p of papers) {
    const sections = summarySections(p)!;
    for (const length of ['short', 'medium'] as const) {
      const text = extractiveSummary(p, length);
      const entries = entriesShown(sections, text);
      pointers += entries.filter((x) => pointsBack(x) && !sections['TL;DR'].includes(x)).length;
      // The TL;DR's own sentences stand first as it was chosen (see the test above).
      assert.deepEqual(cutOff(sections, entries, sections['TL;DR']).filter((x) => !sections['TL;DR'].includes(x)), [], `${p.id} ${length}`);
    }
  }
  assert.ok(pointers > 100, `${pointers} pointers shown`);
  // "…a multi-metric diagnostic framework ... to characterize this instability" was Furina's Method line, after a TL;DR
  // that does not say what instability: it points back ("this" before a word the sentence has not written before).
  assert.ok(pointsBack('We develop a multi-metric diagnostic framework combining external and internal signals to characterize this instability.'));
  assert.ok(!pointsBack('Relying on an approximate posterior that can have significant bias, we introduce a scheme that removes this bias.'));
  // A problem line may come between the TL;DR and a method that points back at it: shen26ac's "It comprises 440 coding
  // tasks" follows "…this paper introduces BEST"; the medium summary lost its Problem line for it.
  const shen = lines(paper('shen26ac'), 'medium');
  assert.match(shen.Problem!, /Large language models \(LLMs\) have revolutionized research in software engineering/);
  assert.match(shen.Method!, /^\*\*Method:\*\* It comprises 440 coding tasks/);
});

test('a part asked for ("What results does X report?") shows a sentence that points back only right after what it points at', () => {
  const line = (id: string, label: SummarySection) => sectionLine(summarySections(paper(id))!, label, 'medium');
  // "This allows ..." after a method sentence that is not what it points at: the next method sentence stands in.
  const foo = summarySections({ id: 'foo', title: 'Foo: Cheap Experts', abstract: 'Large models are costly to serve. We propose Foo, a router that sends each token to one small expert. Foo learns its routes from the training loss alone. Experiments show that Foo cuts memory by 40% on three benchmarks. This allows it to serve on one GPU. Foo also batches requests by expert.', authors: [], aliases: [], source: { file: 'x', record: '1' } })!;
  assert.equal(sectionLine(foo, 'Method', 'medium'), '**Method:** Foo learns its routes from the training loss alone. Foo also batches requests by expert. [1]');
  // chen26a's results were "We theoretically show that this method reduces ..." (this method: the TL;DR, not shown) and the figures.
  assert.match(line('chen26a', 'Results'), /^\*\*Results:\*\* We evaluate Binary RAR on multiple widely used models\. On Qwen3-8B, it reduces long-form hallucination rates by 39\.3%/);
  // Where no result stands alone, the only one comes with the method sentence it points at: kaulen26a's was "This approach often uncovers ...".
  assert.match(line('kaulen26a', 'Results'), /^\*\*Results:\*\* To enable fair, method-agnostic comparisons, we perform .* This approach often uncovers substantial undertuning/);
  // A method question is answered with the TL;DR first: a method sentence may point back at it ("This theory casts ...").
  assert.match(line('bauer26a', 'Method'), /^\*\*Method:\*\* This theory casts training as Bayesian inference/);
  // The TL;DR line is the whole TL;DR, the sentence it points back at included.
  assert.match(line('wu26bw', 'TL;DR'), /^\*\*TL;DR:\*\* Through systematic experiments, .* …we introduce \*\*Furina\*\*/);
});

/** A paper of the given abstract, titled "Foo: Cheap Experts". */
const fooPaper = (abstract: string): Paper => ({ id: 'foo', title: 'Foo: Cheap Experts', abstract, authors: [], aliases: [], source: { file: 'x', record: '1' } });

test("a limitation the paper's work answers is its method, and a gap that remains is the problem: neither is a limit of the paper", () => {
  // karzanov26a's "GCOS addresses a limitation of prior synthesis methods by ..." was its only Limits sentence, and so the
  // answer to "What are the limitations of GCOS?".
  const karzanov = summarySections(paper('karzanov26a'))!;
  assert.deepEqual(karzanov.Limits, []);
  assert.ok(karzanov.Method.some((s) => s.startsWith('GCOS addresses a limitation of prior synthesis methods')));
  // "a critical gap remains: usage alone does not determine risk" (zhang26jp) is what the paper sets out to close.
  const gap = summarySections(fooPaper('We propose Foo, an auditing tool for peer review. Yet a critical gap remains: usage alone does not determine risk. Foo flags 40% more risky reviews.'))!;
  assert.deepEqual(gap.Limits, []);
  assert.deepEqual(gap.Problem, ['Yet a critical gap remains: usage alone does not determine risk.']);
});

test('a limit an evaluation finds in the models it evaluates is its result; its own limits, in its own words, are its Limits', () => {
  // zeller26a's UMMs "fail to leverage even ground-truth visualizations" and mahdavi26a's "reinforcement learning does not
  // enhance final-answer precision" were the Limits of MentisOculi and of the paper: they are what each evaluation found.
  for (const [id, found] of [['zeller26a', /exposes a critical limitation/], ['mahdavi26a', /reinforcement learning does not enhance final-answer precision/]] as const) {
    const sections = summarySections(paper(id))!;
    assert.deepEqual(sections.Limits, [], id);
    assert.match(sections.Results.join(' '), found, id);
    for (const length of SUMMARY_LENGTHS) assert.doesNotMatch(extractiveSummary(paper(id), length), /\*\*Limits:\*\*/, `${id} ${length}`);
  }
  // A benchmark's own limits stay its Limits, and a method paper's shortcoming stays one.
  const bench = (limit: string) => summarySections(fooPaper(`We introduce Foo, a benchmark to evaluate agents on long tasks. Current agents fail to finish most tasks. ${limit}`))!;
  assert.deepEqual(bench('A limitation of our suite is that it covers only English.').Limits, ['A limitation of our suite is that it covers only English.']);
  assert.deepEqual(bench('Its tasks cover only English.').Results, ['Current agents fail to finish most tasks.']);
  assert.deepEqual(summarySections(fooPaper('We propose Foo, a model that routes tokens to small experts. Foo fails to scale beyond eight experts.'))!.Limits, ['Foo fails to scale beyond eight experts.']);
});

test('a position paper that opens with its thesis has it as its TL;DR, and what it argues against as its problem', () => {
  const zhang = summarySections(paper('zhang26jp'))!;
  assert.match(zhang['TL;DR'].join(' '), /^This position paper argues that prompting intent should be audited/);
  assert.match(zhang.Problem.join(' '), /a critical gap remains: .* A more consequential variable is prompting intent/);
  assert.match(zhang.Method[0]!, /^We advocate an intent-centric auditing perspective/);
});

test('a sentence points back also when it fills "the gap", opens with a connective that leans on the one before, or has "its" after its opening clause', () => {
  assert.ok(pointsBack('To fill in the gap, this paper introduces BEST, the first benchmark for evaluating code efficiency.'));
  assert.ok(pointsBack('In particular, some parameterizations give sharper attention to task-relevant tokens.'));
  assert.ok(pointsBack('As a result, practitioners lack actionable guidance on selecting instructions.'));
  assert.ok(pointsBack('While widely adopted, its use in privacy-sensitive contexts has quietly shifted.'));
  // Not a gap the sentence names itself, nor a contrast or an addition that says all it says.
  assert.ok(!pointsBack('We bridge the gap between theory and practice of sparse routing.'));
  assert.ok(!pointsBack('However, space, another vital aspect of code efficiency, is rarely evaluated in prior benchmarks.'));
  assert.ok(!pointsBack('Moreover, Foo runs on a single GPU.'));
  // shen26ac's TL;DR is shown after its lead-in, as "To bridge this gap, we ..." is.
  assert.match(lines(paper('shen26ac'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* …this paper introduces BEST, the first benchmark/);
  // A TL;DR does not open with what leans on a sentence not shown: vashisht26a's began "In particular, ...", nayak26a's "As a
  // result, ...", zhao26cg's "While widely adopted, its use ..."; each now comes with what it points at.
  assert.match(lines(paper('vashisht26a'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* Collapsed and factorized parameterizations .* In particular, some parameterizations/);
  assert.match(lines(paper('nayak26a'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* Despite growing interest, .* As a result, practitioners lack/);
  assert.match(lines(paper('zhao26cg'), 'short')['TL;DR']!, /^\*\*TL;DR:\*\* Synthetic data has become a common component .* While widely adopted, its use/);
});

test('a bound a method attains and a finding in a participle ("..., showing that") are results; a step named by a compound ("sample-and-evaluate") is the method', () => {
  const ito = summarySections(paper('ito26a'))!;
  assert.ok(ito.Results.some((s) => /ROG yields \$O\(/.test(s)));
  assert.ok(!ito.Method.some((s) => /ROG yields/.test(s)));
  const rezk = summarySections(paper('rezk26a'))!;
  assert.ok(rezk.Method.some((s) => s.includes('sample-and-evaluate procedure')));
  assert.ok(!rezk.Results.some((s) => s.includes('sample-and-evaluate procedure')));
  const abbadi = summarySections(paper('abbadi26a'))!;
  assert.ok(abbadi.Results.some((s) => s.includes('we construct a three-player game') && s.includes('showing in this way that')));
  // "proving that" as a noun, the task a sentence describes, is not a finding (wang26ge).
  assert.ok(summarySections(paper('wang26ge'))!.Method.some((s) => s.includes('where proving that an access is safe')));
});

test('a summary keeps to its length whatever the size of the abstract: a sentence repeated is shown once, and a text far longer than an abstract is summarised as if it were one', () => {
  const repeated = fooPaper('We propose Foo, a router that sends each token to one small expert. '.repeat(20_000));
  for (const length of SUMMARY_LENGTHS) assert.equal(shown(extractiveSummary(repeated, length)), 'We propose Foo, a router that sends each token to one small expert.', length);
  // A whole paper pasted as the abstract: thousands of different sentences.
  const sentences = ['We propose Foo, a router that sends each token to one small expert.'];
  for (let i = 1; i <= 3000; i++) sentences.push(i % 2 ? `Foo routes token group ${i} through expert ${i % 7}.` : `Foo cuts memory by ${i % 40}% on benchmark ${i}.`);
  const pasted = fooPaper(sentences.join(' '));
  const sizes = SUMMARY_LENGTHS.map((length) => shown(extractiveSummary(pasted, length)).length);
  const longestAbstract = Math.max(...papers.map((p) => p.abstract.length));
  assert.ok(sizes.every((n, i) => n <= 2 * longestAbstract && (i === 0 || n > sizes[i - 1]!)), `short, medium, long: ${sizes.join(', ')} characters of ${pasted.abstract.length}`);
});

test('a short summary\'s result is a finding the authors state ("We find large, systematic shifts ..."), before a sentence that sums up results shown nowhere ("These results reveal ...")', () => {
  for (const length of ['short', 'medium'] as const) {
    const results = lines(paper('narula26a'), length).Results!;
    assert.match(results, /We find large, systematic shifts/, length);
    assert.doesNotMatch(results, /These results reveal/, length);
  }
});

test('"summary?", "tl;dr?" or "give me the long version" after a question about one paper give its summary, at the length asked; "a long summary of VEQ" and "in detail" are no words to search for', async () => {
  const { PapercordService } = await import('../src/service.js');
  const { testSettings, captureLog } = await import('./support/env.js');
  const { converse } = await import('./support/answers.js');
  const service = await PapercordService.open(await testSettings(), { log: captureLog() });
  const cast = service.catalog.get('2603.08648')!;
  const summaryOf = (length: 'short' | 'long') => extractiveSummary(cast, length);
  for (const q of ['summary?', 'summarize', 'tl;dr?', 'give me a short summary']) {
    const { answer } = await converse(service, 'What is CAST?', q);
    assert.equal(answer.refused, false, q);
    assert.equal(answer.answer, summaryOf('short'), q);
  }
  for (const q of ['full summary please', 'give me the long version', 'Can you give me a detailed summary?']) assert.equal((await converse(service, 'What is CAST?', q)).answer.answer, summaryOf('long'), q);
  const veq = service.catalog.get('2602.01037')!;
  for (const q of ['Give me a long summary of VEQ', 'Summarize VEQ in detail']) assert.equal((await service.ask(q, { useModel: false })).answer, extractiveSummary(veq, 'long'), q);
  assert.equal((await service.ask('What is VEQ, short version?', { useModel: false })).answer, extractiveSummary(veq, 'short'));
  // With no paper before, a summary of nothing is not made up.
  assert.equal((await service.ask('summary?', { useModel: false })).refused, true);
});

test('what the authors found among what they tested is a result, not their method', () => {
  // narula26a's "Direct algorithm naming is the most reliable mitigation we tested." was its Method line, in every length.
  const narula = summarySections(paper('narula26a'))!;
  assert.ok(narula.Results.includes('Direct algorithm naming is the most reliable mitigation we tested.'), narula.Results.join('\n'));
  assert.deepEqual(narula.Method, []);
  const tried = summarySections(fooPaper('We propose Foo, a model that routes tokens to small experts. Routing by entropy works best of the rules we tried. Foo uses a learned router.'))!;
  assert.deepEqual(tried.Results, ['Routing by entropy works best of the rules we tried.']);
  assert.deepEqual(tried.Method, ['Foo uses a learned router.']);
});

test('a release note is left out of every summary, also when it writes "codes"', () => {
  // li26dv's "Our codes are released at GitHub." was the last sentence of its Method line, in the medium and long summaries.
  for (const length of SUMMARY_LENGTHS) assert.doesNotMatch(extractiveSummary(paper('li26dv'), length), /released at GitHub/, length);
  for (const note of ['Our codes are released at GitHub.', 'The code is available online.']) {
    const foo = summarySections(fooPaper(`We propose Foo, a model that routes tokens to small experts. Foo uses a learned router. ${note}`))!;
    assert.deepEqual(foo.order, ['We propose Foo, a model that routes tokens to small experts.', 'Foo uses a learned router.'], note);
  }
});

test('what an artifact enables ("allowing speedup evaluation", "enabling reproducible evaluation") is how it is built, not a result', () => {
  // SPEED-Bench's "it includes a Throughput data split, allowing speedup evaluation across ..." was its short summary's only
  // result, and MAFE's "The environments are open-source ..., enabling reproducible evaluation of fairness-aware policies" one of its.
  const speed = summarySections(paper('abramovich26a'))!;
  assert.ok(speed.Method.some((s) => /^Additionally, it includes a Throughput data split/.test(s)), speed.Method.join('\n'));
  assert.ok(speed.Results.some((s) => /^We highlight this by quantifying/.test(s)), speed.Results.join('\n'));
  assert.doesNotMatch(extractiveSummary(paper('abramovich26a'), 'short'), /\*\*Results:\*\* Additionally, it includes/);
  assert.ok(summarySections(paper('lazri26a'))!.Method.some((s) => /^The environments are open-source/.test(s)));
  const foo = summarySections(fooPaper('We propose Foo, a model that routes tokens to small experts. Foo ships with a simulator, enabling fast evaluation of routing policies. We evaluate Foo on ten tasks.'))!;
  assert.deepEqual(foo.Method, ['Foo ships with a simulator, enabling fast evaluation of routing policies.']);
  assert.deepEqual(foo.Results, ['We evaluate Foo on ten tasks.']);
});
