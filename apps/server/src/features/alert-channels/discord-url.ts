/** The hosts Discord hands webhook URLs out on: the app, its public test build and its canary build. */
const discordHosts = new Set([
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);

/** The query Discord's execute-webhook takes: `wait` (a 200 with the message instead of a 204) and `thread_id`. */
function isDiscordQuery(url: URL): boolean {
  for (const [key, value] of url.searchParams) {
    if (key === 'wait' && /^(true|false)$/.test(value)) continue;
    if (key === 'thread_id' && /^\d+$/.test(value)) continue;
    return false;
  }
  return true;
}

/**
 * Whether a URL is a Discord webhook, `{base}/{id}/{token}`: under `base` (DISCORD_WEBHOOK_BASE_URL), or on
 * one of Discord's own hosts (discord.com, ptb. and canary., and the older discordapp.com) at
 * /api/webhooks or a versioned /api/v10/webhooks; with at most the query Discord documents (`wait`,
 * `thread_id`: a forum or thread's webhook URL carries it).
 * @example isDiscordWebhookUrl('https://ptb.discord.com/api/webhooks/1/abc?thread_id=2', base) // true
 */
export function isDiscordWebhookUrl(raw: string, base: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash || !isDiscordQuery(url)) return false;
  const baseUrl = new URL(base);
  const basePath = baseUrl.pathname.replace(/\/$/, '');
  let rest: string | undefined;
  if (url.origin === baseUrl.origin && url.pathname.startsWith(`${basePath}/`)) {
    rest = url.pathname.slice(basePath.length + 1);
  } else if (url.protocol === 'https:' && url.port === '' && discordHosts.has(url.hostname)) {
    rest = url.pathname.match(/^\/api\/(?:v\d+\/)?webhooks\/(.*)$/)?.[1];
  }
  return rest !== undefined && /^\d+\/[\w-]+\/?$/.test(rest);
}
