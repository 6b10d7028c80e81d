import { describe, expect, it } from 'vitest';
import { isDiscordWebhookUrl } from './discord-url.ts';

const base = 'https://discord.com/api/webhooks';

describe('isDiscordWebhookUrl', () => {
  it.each([
    'https://discord.com/api/webhooks/123/abc-DEF_9',
    'https://ptb.discord.com/api/webhooks/123/abc',
    'https://canary.discord.com/api/webhooks/123/abc',
    'https://discordapp.com/api/webhooks/123/abc/',
    'https://canary.discordapp.com/api/webhooks/123/abc',
    'https://discord.com/api/v10/webhooks/123/abc',
    'https://discord.com/api/webhooks/123/abc?thread_id=456',
    'https://discord.com/api/webhooks/123/abc?wait=true',
    'https://ptb.discord.com/api/webhooks/123/abc?wait=false&thread_id=456',
  ])('accepts %s', (url) => {
    expect(isDiscordWebhookUrl(url, base)).toBe(true);
  });

  it.each([
    'https://example.com/api/webhooks/123/abc',
    'https://evil.discord.com.example.com/api/webhooks/123/abc',
    'https://xdiscord.com/api/webhooks/123/abc',
    'http://discord.com/api/webhooks/123/abc',
    'https://discord.com:8443/api/webhooks/123/abc',
    'https://discord.com/api/webhooks/abc/def',
    'https://discord.com/api/webhooks/123',
    'https://discord.com/api/webhooks/123/abc/slack',
    'https://discord.com/api/webhooks/123/abc?thread_id=x',
    'https://discord.com/api/webhooks/123/abc?next=https://example.com',
    'https://user:pw@discord.com/api/webhooks/123/abc',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isDiscordWebhookUrl(url, base)).toBe(false);
  });

  it('accepts webhooks under a configured base (a local fake) as well', () => {
    expect(
      isDiscordWebhookUrl(
        'http://127.0.0.1:4000/api/webhooks/1/t?wait=true',
        'http://127.0.0.1:4000/api/webhooks',
      ),
    ).toBe(true);
    expect(
      isDiscordWebhookUrl('http://127.0.0.1:4001/api/webhooks/1/t', 'http://127.0.0.1:4000/api/webhooks'),
    ).toBe(false);
  });
});
