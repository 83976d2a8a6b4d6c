/**
 * Recognises a model reciting its own instructions (a prompt injection that worked, or a
 * confused small model). Such a reply may still carry a valid [n], so citations alone do not
 * catch it: any run of RUN consecutive words shared with the system prompt does. Runs that
 * long do not occur by chance in an answer about papers; the phrase the prompt asks refusals
 * to start with ("The sources do not answer") is far shorter.
 */
const RUN = 8;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function runs(ws: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + RUN <= ws.length; i++) out.push(ws.slice(i, i + RUN).join(' '));
  return out;
}

/** A test for text that repeats part of `systemPrompt`. */
export function instructionEcho(systemPrompt: string): (text: string) => boolean {
  const known = new Set(runs(words(systemPrompt)));
  return (text) => runs(words(text)).some((r) => known.has(r));
}
