/**
 * The demo's alert channels: local stand-ins for Telegram's Bot API, a Discord webhook and a user's own webhook
 * receiver (the test kit's, which speak those services' documented shapes), and the demo's terminal as the
 * Telegram app. Offline there is no Telegram to press Start in, so the person pastes the bot's deep link into
 * the terminal and the demo sends the bot '/start CODE' from a made-up user, as Telegram does on Start. The
 * webhook's signing secret, shown once by the app, is pasted the same way so the receiver can verify.
 */
import { createInterface } from 'node:readline';
import { startDiscordServer, startTelegramServer, startWebhookReceiver } from '@tidewatch/testkit';

/** The made-up Telegram user the person plays. */
const telegramUser = 'demo_user';
const botUsername = 'tidewatch_demo_bot';

export type DemoChannels = {
  /** The app's environment: the fake Bot API and Discord base, and the test setting that lets loopback through. */
  appEnv: Record<string, string>;
  /** The banner's lines telling a person how to add each channel. */
  bannerLines: string[];
  /** Starts reading pasted lines and printing what the stand-ins receive. */
  listen: () => void;
  stop: () => Promise<void>;
};

/** The one-time code of a pasted deep link such as `https://t.me/bot?start=CODE`, or null. */
function startCodeOf(line: string): string | null {
  const match = /[?&]start=([A-Za-z0-9_-]{1,64})/.exec(line);
  return match?.[1] ?? null;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => (line === '' ? '' : `    ${line}`))
    .join('\n');

/** Starts the three stand-ins on loopback. */
export async function startDemoChannels(): Promise<DemoChannels> {
  const telegram = await startTelegramServer({ botUsername });
  const discord = await startDiscordServer();
  const receiver = await startWebhookReceiver();
  const discordWebhookUrl = discord.createWebhook();
  let hasSecret = false;
  let printer: NodeJS.Timeout | undefined;
  const printed = { telegram: 0, discord: 0, received: 0, rejected: 0 };

  /** Prints what arrived at the stand-ins since the last look. */
  const printArrivals = () => {
    for (const message of telegram.sent.slice(printed.telegram)) {
      console.log(`demo telegram: the bot wrote to @${telegramUser}:\n${indent(message.text)}`);
    }
    printed.telegram = telegram.sent.length;
    for (const message of discord.messages.slice(printed.discord)) {
      const [embed] = (message.body.embeds ?? []) as { title?: string; description?: string }[];
      console.log(
        `demo discord: a message arrived:\n${indent(embed ? `${embed.title}\n${embed.description}` : (message.body.content ?? ''))}`,
      );
    }
    printed.discord = discord.messages.length;
    for (const hook of receiver.received.slice(printed.received)) {
      const body = hook.body as { rule?: string; figures?: Record<string, unknown>; url?: string };
      const figures = Object.entries(body.figures ?? {}).map(
        ([key, value]) => `${key}: ${JSON.stringify(value)}`,
      );
      console.log(
        `demo webhook: a delivery arrived, signature verified (rule '${body.rule}', event ${hook.eventId}):\n${indent([...figures, body.url].join('\n'))}`,
      );
    }
    printed.received = receiver.received.length;
    for (const refused of receiver.rejected.slice(printed.rejected)) {
      // A 400: Tidewatch marks the delivery failed (a 4xx is not retried) and shows why on the channel.
      console.log(
        hasSecret
          ? `demo webhook: refused a delivery (${refused.reason}), answered 400`
          : "demo webhook: refused a delivery, answered 400: no signing secret pasted yet (paste the whsec_… secret here, press Enter, then 'send a test alert')",
      );
    }
    printed.rejected = receiver.rejected.length;
  };

  /** A line the person pasted: a Telegram deep link or the webhook's signing secret. */
  const onLine = (line: string) => {
    const text = line.trim();
    if (text === '') return;
    const code = startCodeOf(text);
    if (code) {
      telegram.addMessage(`/start ${code}`, { username: telegramUser });
      console.log(
        `demo telegram: @${telegramUser} pressed Start: the bot got '/start ${code}' (the page says 'linked' in a few seconds)`,
      );
      return;
    }
    if (/^whsec_[\w-]+$/.test(text)) {
      receiver.setSecret(text);
      hasSecret = true;
      console.log('demo webhook: the receiver now verifies signatures with the secret you pasted');
      return;
    }
    console.log(
      "demo: paste the 'open Telegram to link' link (…?start=CODE) or the webhook's signing secret (whsec_…)",
    );
  };

  return {
    appEnv: {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.apiUrl,
      DISCORD_WEBHOOK_BASE_URL: discord.baseUrl,
      // The stand-ins listen on loopback over http, which the server refuses unless this test setting is on
      // (and it refuses the setting itself when NODE_ENV=production; the demo runs as development).
      ALERT_CHANNELS_ALLOW_LOOPBACK: 'true',
    },
    bannerLines: [
      '  alert channels (alerts, then /settings/alerts) go to local stand-ins; what they get is printed here:',
      `    Telegram   bot @${botUsername}: press 'link a Telegram chat', copy the 'open Telegram to link'`,
      `               link, paste it here and press Enter: the demo plays @${telegramUser} pressing Start`,
      `    Discord    webhook URL ${discordWebhookUrl}`,
      `    webhook    URL ${receiver.url}`,
      '               then paste the signing secret the page shows once (whsec_…) here and press Enter, so',
      '               the receiver can check the Tidewatch-Signature of each delivery',
    ],
    listen: () => {
      // Not a terminal interface: Ctrl-C stays the terminal's signal to the demo, not a key read here.
      createInterface({ input: process.stdin, terminal: false }).on('line', onLine);
      printer = setInterval(printArrivals, 500);
    },
    stop: async () => {
      clearInterval(printer);
      await Promise.all([telegram.stop(), discord.stop(), receiver.stop()]);
    },
  };
}
