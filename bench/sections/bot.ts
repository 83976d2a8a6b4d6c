/**
 * The bot under load: interactions arriving all at once through the Discord emulator, the model
 * replaced by the Ollama test server with a fixed delay; time from an interaction arriving to
 * its deferred reply (target: p99 under 1 s with 50 at once).
 */
import { runTask } from '../child.js';
import { int, mb, ms } from '../format.js';
import type { BotResult } from '../protocol.js';
import type { TargetCheck } from '../targets.js';
import type { Section, SectionResult } from './section.js';

const BOT_INTERACTIONS = 50;
const MODEL_DELAY_MS = 1000;
export const BOT_TARGET = 'bot acknowledges within 1 s at p99 (50 at once)';

export const botSection: Section = {
  id: 'bot',
  title: 'Bot: interaction to deferred reply, all at once (Discord emulator)',
  async run(ctx): Promise<SectionResult> {
    const step = 'bot';
    ctx.progress.start(step);
    const r = await runTask<BotResult>({ kind: 'bot', interactions: BOT_INTERACTIONS, modelDelayMs: MODEL_DELAY_MS }, (phase, done, total) => ctx.progress.update(step, phase, done, total));
    ctx.progress.done(step, `p50 ${ms(r.ack.p50)}, p99 ${ms(r.ack.p99)}`);
    const deferred = r.callbackTypes['5'] ?? 0;
    const check: TargetCheck = { target: BOT_TARGET, status: r.ack.p99 < 1000 && deferred === r.interactions ? 'met' : 'missed', figure: `p99 ${ms(r.ack.p99)}, ${deferred}/${r.interactions} deferred` };
    return {
      id: 'bot',
      title: this.title,
      status: 'ok',
      tables: [
        {
          columns: ['measure', 'interactions', 'p50', 'p95', 'p99', 'max', 'deferred replies', 'first interaction alone', 'peak RSS'],
          rows: [[`/ask -> deferred reply, all at once`, int(r.interactions), ms(r.ack.p50), ms(r.ack.p95), ms(r.ack.p99), ms(r.ack.max), `${deferred}/${r.interactions}`, ms(r.firstAckMs), mb(r.peakRssMB)]],
        },
      ],
      notes: [
        `The real bot (src/bot) with its discord.js client against the Discord emulator (test/support/discord-emulator.ts), over the service with the 19 papers; the model is the Ollama test server answering after a fixed ${int(r.modelDelayMs)} ms. One /ask first, alone, then ${int(r.interactions)} /ask from ${int(r.interactions)} users created at once; times are from the emulator creating an interaction to it receiving the bot's acknowledgement (millisecond clock).`,
      ],
      data: { result: r, check },
    };
  },
};
