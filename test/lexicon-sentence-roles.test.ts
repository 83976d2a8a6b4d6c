// Rows are sentences of the shipped abstracts (icml2026, pmlr-v306), and near misses written like them.
import * as lexicon from '../src/lexicon/sentence-roles.js';
import { everyExportTabled, listTable, patternTable } from './support/lexicon.js';

const L = lexicon;

patternTable('THESIS', L.THESIS, {
  matches: [['This position paper argues that prompting intent should be audited in LLM-assisted peer review.', 'This position paper argues']],
  misses: ['This paper proposes a new method.', 'We argue that this assumption fails.'],
});
patternTable('CONTRIBUTION', L.CONTRIBUTION, {
  matches: [
    ['We present **PhaseCoder**, a transformer-only spatial audio encoder that is inherently agnostic to microphone geometry.', 'We present'],
    ['In this paper, we propose ME-DLM, an edit-based refinement framework.', 'we propose'],
    ['This position paper argues that LLM inference serving has outgrown generic heuristics.', 'This position paper argues'],
  ],
  misses: ['We study fully dynamic non-monotone submodular maximization under a cardinality constraint $k$.', 'Existing methods typically leverage unlabeled data via pseudo-labeling.'],
});
patternTable('AIM', L.AIM, {
  matches: [['We study the discrete Bertrand pricing game with a non-increasing demand function.', 'We study'], ['In this work, we propose LLM4Branch, a novel framework.', 'In this work, we']],
  misses: ['We present PhaseCoder, a spatial audio encoder.', 'The study of games is old.'],
});
patternTable('CONTRIBUTION_VERB', L.CONTRIBUTION_VERB, {
  matches: [['... and accordingly propose TGV-KV.', 'propose'], ['We propose the Self-Consistent Field Autoencoder (SCFAE).', 'propose']],
  misses: ['Existing methods typically leverage unlabeled data via pseudo-labeling.', 'A purpose-built model.'],
});
patternTable('AUTHORS', L.AUTHORS, {
  matches: [['Extensive experiments show that ProbSOR achieves strong performance under both our proposed and traditional benchmarks.', 'our'], ['This work establishes a direct pathway from microscopic characterization to atomic-scale modeling.', 'This work']],
  misses: ['Existing methods typically leverage unlabeled data via pseudo-labeling.', 'However, such deterministic SOR fails to capture the true nature of human attention.'],
});
patternTable('ADDITION', L.ADDITION, {
  matches: [['We also introduce a bi-level contrastive algorithm to learn these representations.', 'We also'], ['Furthermore, we adapt the diffusion model via preference optimization.', 'Furthermore'], ['Moreover, our approach can be extended.', 'Moreover']],
  misses: ['We present PhaseCoder, a spatial audio encoder.', 'They further the field.'],
});
patternTable('PRIOR', L.PRIOR, {
  matches: [['Existing methods typically leverage unlabeled data via pseudo-labeling.', 'Existing methods'], ['Thus, prior work relies on search.', 'Thus, prior work'], ['Previously, agents were trained offline.', 'Previously,']],
  misses: ['We improve on existing methods.', 'Our method outperforms prior work.'],
});
patternTable('RESULT', L.RESULT, {
  matches: [
    ['Our ablations show that the LM’s ability to interact agentically is crucial, outperforming non-agentic LM predictions by 25%.', 'outperforming'],
    ['We demonstrate that the Gemma 3n LLM can be fine-tuned to process spatial audio tokens.', 'demonstrate'],
    ['We construct a game, showing in this way that preferences do not suffice.', 'showing in this way that'],
  ],
  misses: ['As a result, practitioners lack actionable guidance.', 'We release a Throughput data split, allowing speedup evaluation across hardware.', 'a sample-and-evaluate procedure'],
});
patternTable('FINDING', L.FINDING, {
  matches: [['We show that syntax can be learned while suppressing semantic plausibility.', 'We show'], ['We provide a theoretical analysis showing that conditioning on causal embeddings controls prior mismatch.', 'showing that'], ['We prove an upper bound on the regret.', 'We prove']],
  misses: ['We show how to train it.', 'We present PhaseCoder, a spatial audio encoder.'],
});
patternTable('QUESTION', L.QUESTION, {
  matches: [['How does this structural similarity fit with the distinct functional properties these networks exhibit?', '?'], ['In this work, we ask whether diffusion policies can be trained effectively in the on-policy regime.', 'ask whether']],
  misses: ['We study the discrete Bertrand pricing game.', 'We ask the model to explain its answer.'],
});
patternTable('CITES', L.CITES, {
  matches: [['This question was studied for linear regression under squared loss by Kearns, Roth, and Ryu (2026).', '(2026)'], ['as shown by Smith et al. for images', 'et al.']],
  misses: ['We train on 2026 examples.', 'In 2025 (the year before), nothing was known.'],
});
patternTable('DIFFICULTY', L.DIFFICULTY, {
  matches: [['Extending their guarantees to classification is nontrivial.', 'nontrivial'], ['Large language model (LLM) activations are notoriously difficult to understand.', 'difficult'], ['a critical gap remains: usage alone does not determine risk', 'a critical gap remains']],
  misses: ['We present PhaseCoder, a spatial audio encoder.', 'Our method is simple and trivial to implement.'],
});
patternTable('CONSEQUENCE', L.CONSEQUENCE, {
  matches: [['As a consequence, a small number of large residuals can dominate the loss.', 'As a consequence,'], ['As a result, practitioners lack actionable guidance.', 'As a result,']],
  misses: ['This is a consequence of the gating.', 'Thus we propose a fix.'],
});
patternTable('NEXT_STEP', L.NEXT_STEP, {
  matches: [['VisionED is then pre-trained on 12 million multi-shot ED images.', 'VisionED is then'], ['Each subtask is then accompanied by an expert-crafted standard implementation.', 'Each subtask is then']],
  misses: ['VisionED is pre-trained on 12 million images.', 'We then train it.'],
});
patternTable('PERCENT', L.PERCENT, {
  matches: [['VLA-ATTC reduces the failure rate of the SOTA model PI0.5 by over 50\\%.', '0\\%'], ['We achieve a 39.2% absolute success rate improvement.', '2%']],
  misses: ['We achieve a large improvement.', 'a percentage of the tokens'],
});
patternTable('REPORTS[0]', L.REPORTS[0]!, {
  matches: [['SAGE outperforms state-of-the-art methods, with an average accuracy gain of 8.52%.', '2%'], ['a 2.3× speedup', '3×']],
  misses: ['We evaluate on five benchmarks.', 'a 3D scene'],
});
patternTable('REPORTS[1]', L.REPORTS[1]!, {
  matches: [['Experiments demonstrate that RedVisor outperforms state-of-the-art defenses.', 'outperforms'], ['MLLM-4D achieves state-of-the-art spatial-temporal understanding.', 'achieves']],
  misses: ['We aim to improve reasoning.', 'To support evaluation, we introduce a benchmark.'],
});
patternTable('REPORTS[2]', L.REPORTS[2]!, {
  matches: [['Extensive experiments demonstrate that MLLM-4D achieves state-of-the-art results.', 'experiments demonstrate'], ['Evaluations on diverse nonconvex tasks demonstrate the superiority of DiOpt.', 'Evaluations on diverse nonconvex tasks demonstrate']],
  misses: ['As a result, the model may show bias.', 'We run experiments on three tasks.'],
});
patternTable('REPORTS[3]', L.REPORTS[3]!, {
  matches: [['We find that the compute-optimal number of parallel rollouts increases predictably.', 'We find'], ['Fortunately, we observe that inter-sample relations are more reliable than pseudo-labels.', 'we observe']],
  misses: ['We present PhaseCoder.', 'Finding good rollouts is hard.'],
});
patternTable('MEANS', L.MEANS, {
  matches: [['To ensure scalability, we employ Ghost, incurring only 4.7% additional compute overhead.', 'To ensure scalability, we'], ['To fill this gap, we present MAS-ProVe, a systematic empirical study.', 'To fill this gap, we']],
  misses: ['To evaluate our approach, we focus on a soundness-critical task.', 'We employ Ghost to ensure scalability.'],
});
patternTable('LIMIT', L.LIMIT, {
  matches: [['However, extending these models to accommodate sequential tasks remains challenging.', 'remains challenging'], ['We leave this to future work.', 'future work'], ['A limitation of our approach is its cost.', 'limitation']],
  misses: ['We train with limited data.', 'Our method scales to long contexts.'],
});
patternTable('OWN_LIMIT', L.OWN_LIMIT, {
  matches: [['A limitation of our approach is its cost.', 'our'], ['Extending it is left for future work.', 'future work']],
  misses: ['Analysis of UMMs exposes a critical limitation: they fail to leverage visual cues.', 'Existing methods remain challenging to scale.'],
});
patternTable('EVALUATES', L.EVALUATES, {
  matches: [['We introduce SciVideoBench, a rigorous benchmark designed to assess advanced video reasoning.', 'benchmark'], ['Linear probes are a promising approach for monitoring AI systems.', 'probes'], ['We audit three deployed systems.', 'audit']],
  misses: ['We present PhaseCoder, a spatial audio encoder.', 'a probabilistic model'],
});
patternTable('ANSWERS_LIMIT', L.ANSWERS_LIMIT, {
  matches: [['To address these limitations, we propose SpeedVFI.', 'address these limitations'], ['GCOS addresses a limitation of prior synthesis methods.', 'addresses a limitation']],
  misses: ['A limitation of our approach is its cost.', 'We address the problem of noise.'],
});
patternTable('ATTAINS_BOUND', L.ATTAINS_BOUND, {
  matches: [['For monotone VIs, RG attains $O(t^{-2/5})$.', 'attains $O'], ['ROG yields $O(\\sigma^2 / (\\lambda^2 t))$.', 'yields $O']],
  misses: ['The bound is $O(n)$.', 'It yields better samples.'],
});
patternTable('SHORTCOMING', L.SHORTCOMING, {
  matches: [['Existing fairness methods frequently fail to mitigate disparities.', 'fail to'], ['Such models cannot generalize.', 'cannot']],
  misses: ['They fail gracefully.', 'The model learns quickly.'],
});
patternTable('BOILERPLATE', L.BOILERPLATE, {
  matches: [['The code is available at: https://github.com/Graph-and-Geometric-Learning/HypRAG', 'code is available'], ['See https://github.com/GVCLab/MLLM-4D', 'https://'], ['Code is available online.', 'Code is available'], ['We will release our models.', 'We will release'], ['Project page: see below.', 'Project page']],
  misses: ['They offer a Throughput data split.', 'Our code generation model outperforms baselines.'],
});
patternTable('ADDRESSES_IT', L.ADDRESSES_IT, {
  matches: [['To address these challenges, we present SPA-Cache.', 'address these'], ['To fill in the gap, this paper introduces X.', 'fill in the gap'], ['We overcome it with a learned router.', 'overcome it']],
  misses: ['We bridge the gap between vision and language.', 'We address the problem of noise.'],
});
patternTable('POINTS_BACK', L.POINTS_BACK, {
  matches: [['However, such deterministic SOR fails to capture the true nature of human attention.', 'However, such'], ['Despite these advances, the theoretical benefits of KL regularization remain poorly understood.', 'Despite these advances,'], ['It comprises 440 tasks.', 'It']],
  misses: ['We present PhaseCoder, a spatial audio encoder.', 'This paper proposes a new method.'],
});
patternTable('DEMONSTRATIVE_PHRASE', L.DEMONSTRATIVE_PHRASE, {
  matches: [['We also introduce a bi-level contrastive algorithm to learn these representations.', 'these representations'], ['a jailbreak attack that induces this signature through prompts', 'this signature through']],
  misses: ['This paper proposes a new method.', 'Methods such as dropout help.', 'We study those altered by noise.'],
});
patternTable('LEAD_IN', L.LEAD_IN, {
  matches: [['To address this critical gap, we introduce SciVideoBench.', 'To address this critical gap, '], ['Building on this framework, we develop a model-based algorithm.', 'Building on this framework, '], ['Therefore, we propose X.', 'Therefore, ']],
  misses: ['To mitigate data scarcity in fine-tuning, we propose X.', 'Under this assumption and gradient domination conditions, we prove a bound.'],
});
listTable('ABBREVIATIONS', L.ABBREVIATIONS, { members: ['e.g', 'i.e', 'al', 'fig', 'w.r.t'], others: ['e.g.', 'Fig', 'results'] });
patternTable('SENTENCE_END', L.SENTENCE_END, {
  matches: [['It works. Then', '.'], ['Does it work? Yes', '?'], ['It reads "the model works." Then', '."'], ['(as shown in our work.) Then', '.)']],
  misses: ['version 2.5 of it', 'e.g.the model'],
});
patternTable('SENTENCE_START', L.SENTENCE_START, {
  matches: [['We', 'W'], ['3D scenes', '3'], ['(1) First', '(']],
  misses: ['such as x', 'y and z'],
});
patternTable('LIST_ITEM', L.LIST_ITEM, {
  matches: [['*(2) Text-Weighted Ranking (TWR)* assesses the priority of text.', '*(2)'], ['(iii) It can be combined with pre-trained LLM evaluators.', '(iii)']],
  misses: ['TGV-KV comprises three submodules: *(1) Text-Vision Budgeting*.', 'We use (a) and (b).'],
});
patternTable('LIST_OPENING', L.LIST_OPENING, {
  matches: [['TGV-KV comprises three submodules: *(1) Text-Vision Budgeting (TVB)* assigns budget.', '(1)'], ['DMLRank comes with the following advantages: (i) It produces efficient estimates.', '(i)']],
  misses: ['(2) Text-Weighted Ranking assesses the priority of text.', 'We use (a) and (b).'],
});
patternTable('ORDINAL_ITEM', L.ORDINAL_ITEM, {
  matches: [['First, it uses a quantum algorithm to compute approximate Bregman projections faster.', 'First,'], ['Secondly, it combines them.', 'Secondly,'], ['Finally, we empirically demonstrate fast convergence.', 'Finally,']],
  misses: ['The first method is slow.', 'First we derive a bound.'],
});
listTable('ORDINALS', L.ORDINALS, { members: ['first', 'second', 'sixth'], others: ['finally', 'lastly', 'seventh'] });

everyExportTabled('lexicon/sentence-roles.ts', lexicon);
