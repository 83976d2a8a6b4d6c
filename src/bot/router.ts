import type { Interaction } from 'discord.js';
import type { BotCommand, BotContext } from './context.js';
import { answerButton } from './answer-buttons.js';
import { errorMessage, noticeMessage } from './render.js';
import { replyEphemeral } from './reply.js';
import { restartingError } from './work.js';

/**
 * Sends each interaction to its command (slash commands, autocomplete, buttons by the custom
 * id's first part). An exception in one handler becomes an error reply and a log line; it never
 * reaches discord.js or the process.
 */
export function createRouter(commands: ReadonlyMap<string, BotCommand>, ctx: BotContext): (interaction: Interaction) => Promise<void> {
  return async (interaction) => {
    if (interaction.user.bot) return;
    const log = ctx.log.child({ interaction: interaction.id, user: interaction.user.id });
    try {
      if (interaction.isAutocomplete()) {
        const cmd = commands.get(interaction.commandName);
        await (cmd?.autocomplete ? cmd.autocomplete(interaction, ctx) : interaction.respond([]));
        return;
      }
      // Shutdown is checked here only, before any handler runs: whatever arrives once it began is refused at once, and only to its sender.
      if (ctx.work.stopping && (interaction.isChatInputCommand() || interaction.isButton())) {
        await replyEphemeral(interaction, [errorMessage(restartingError())]);
        return;
      }
      if (interaction.isChatInputCommand()) {
        const cmd = commands.get(interaction.commandName);
        log.debug('command', { command: interaction.commandName });
        if (!cmd) {
          await replyEphemeral(interaction, [noticeMessage(`I do not know /${interaction.commandName} (any more). Try /help.`)]);
          return;
        }
        await cmd.execute(interaction, ctx, log);
        return;
      }
      if (interaction.isButton()) {
        const [prefix = '', ...args] = interaction.customId.split(':');
        if (prefix === 'ans') {
          await answerButton(interaction, ctx, args, log);
          return;
        }
        const cmd = commands.get(prefix);
        if (cmd?.button) await cmd.button(interaction, ctx, args, log);
        else await replyEphemeral(interaction, [noticeMessage('This button no longer works. Run the command again.')]);
      }
    } catch (e) {
      log.error('interaction handler failed', { error: e, command: interaction.isCommand() ? interaction.commandName : undefined });
      if (interaction.isRepliable()) await replyEphemeral(interaction, [errorMessage(e)]).catch((err: unknown) => log.warn('error reply failed', { error: err }));
    }
  };
}
