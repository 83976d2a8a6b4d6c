import { promises as fs } from 'node:fs';

export type QuestionKind = 'paraphrase' | 'fact' | 'multi' | 'offtopic';

export interface EvalQuestion {
  id: string;
  kind: QuestionKind;
  question: string;
  /** Papers that answer it; empty for off-topic questions, which must be refused. */
  relevant: string[];
  /** For facts: a string a correct answer contains. */
  expected?: string;
}

export async function loadQuestions(file: string): Promise<EvalQuestion[]> {
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  const out: EvalQuestion[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const q = JSON.parse(line) as EvalQuestion;
    if (!q.id || !q.question || !Array.isArray(q.relevant) || !['paraphrase', 'fact', 'multi', 'offtopic'].includes(q.kind)) throw new Error(`${file} line ${i + 1}: not a valid eval question`);
    out.push(q);
  });
  return out;
}
