import type { Attachment } from 'discord.js';
import { PapercordError } from '../errors.js';
import type { Settings } from '../config.js';
import { checkAddedFileSize, type PdfLimits } from '../fulltext/limits.js';

/** Discord's own hosts for files users attach. */
const DISCORD_CDN_HOSTS = new Set(['cdn.discordapp.com', 'media.discordapp.net']);
const DEFAULT_API_ORIGIN = 'https://discord.com';
const DOWNLOAD_TIMEOUT_MS = 60_000;

export interface AttachedFile {
  name: string;
  bytes: Uint8Array;
}

type AttachmentSettings = Pick<Settings, 'discordApiBase' | 'pdfMaxMb'>;

/**
 * Whether papercord may fetch an attachment from `url`: Discord's CDN over HTTPS, or the host
 * that DISCORD_API_BASE names when it is not Discord's (a REST proxy or the test emulator, which
 * serve the attachments themselves). Anything else is refused unfetched: an attachment's URL
 * comes from the interaction, and the bot must not be made to fetch from any host it is given.
 */
export function attachmentHostAllowed(url: string, settings: Pick<Settings, 'discordApiBase'>): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:' && DISCORD_CDN_HOSTS.has(u.hostname)) return true;
  const api = new URL(settings.discordApiBase);
  return api.origin !== DEFAULT_API_ORIGIN && u.origin === api.origin;
}

function maxBytes(settings: Pick<Settings, 'pdfMaxMb'>): Pick<PdfLimits, 'maxBytes'> {
  return { maxBytes: Math.round(settings.pdfMaxMb * 2 ** 20) };
}

/** Throws, with what to do, where papercord would not fetch an attachment: a host not Discord's, or more bytes than it reads. */
export function checkAttachment(attachment: Pick<Attachment, 'url' | 'name' | 'size'>, settings: AttachmentSettings): void {
  const name = attachment.name || 'the attached file';
  if (!attachmentHostAllowed(attachment.url, settings)) {
    throw new PapercordError('BAD_INPUT', `${name} is not on Discord's file servers, so I did not fetch it.`, 'Attach the file to /add again.');
  }
  checkAddedFileSize(attachment.size, maxBytes(settings), name);
}

/**
 * Downloads a file attached to /add. Its size is checked from what Discord says before a byte
 * is fetched, and again while it arrives (a server that sends more is cut off); redirects are
 * not followed, so the host checked is the host read.
 */
export async function downloadAttachment(attachment: Pick<Attachment, 'url' | 'name' | 'size'>, settings: AttachmentSettings, signal?: AbortSignal): Promise<AttachedFile> {
  const name = attachment.name || 'the attached file';
  checkAttachment(attachment, settings);
  const limits = maxBytes(settings);
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(attachment.url, { redirect: 'error', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new PapercordError('BAD_INPUT', `I could not download ${name} from Discord.`, 'Try /add again in a moment.', { cause: e });
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new PapercordError('BAD_INPUT', `I could not download ${name} from Discord (HTTP ${res.status}).`, 'Try /add again in a moment.');
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    // Leaving the loop by the throw cancels the download.
    checkAddedFileSize(total, limits, name);
    chunks.push(chunk);
  }
  return { name, bytes: Buffer.concat(chunks, total) };
}
