import { type AlertRule, type AlertWebhookBody, alertRuleLabels } from '@tidewatch/shared';

/** One alert as the channels tell it: the stored notification, or a test alert. */
export type ChannelAlert = {
  /** 'n<notification id>', or 't<delivery id>' for a test alert: the receiver's de-duplication key. */
  id: string;
  rule: string;
  title: string;
  body: string;
  link: string;
  occurredAt: string;
  wallet: string;
  /** The farm's address (a V3 position's pool). */
  farm: string;
  /** A V3 position's token id; null for farms. */
  position: string | null;
};

const ruleLabel = (rule: string) => alertRuleLabels[rule as AlertRule] ?? rule;

/** Discord's execute-webhook body: one embed (title, the sentence, the link, wallet and farm as fields). */
export function discordMessage(alert: ChannelAlert) {
  return {
    embeds: [
      {
        title: alert.title.slice(0, 256),
        description: alert.body.slice(0, 4000),
        url: alert.link,
        fields: [
          { name: 'Wallet', value: alert.wallet || '-', inline: true },
          {
            name: alert.position ? 'Position' : 'Farm',
            value: (alert.position ? `#${alert.position}` : alert.farm) || '-',
            inline: true,
          },
          { name: 'Rule', value: ruleLabel(alert.rule).slice(0, 1024), inline: false },
        ],
        timestamp: alert.occurredAt,
      },
    ],
  };
}

/** Telegram's sendMessage text: plain text (no parse mode to escape for) with the link on its own line. */
export function telegramText(alert: ChannelAlert): string {
  return `${alert.title}\n\n${alert.body}\n\n${alert.link}`.slice(0, 4096);
}

/** The signed webhook's JSON body. */
export function webhookBody(alert: ChannelAlert): AlertWebhookBody {
  return {
    id: alert.id,
    rule: alert.rule,
    occurred_at: alert.occurredAt,
    wallet: alert.wallet,
    farm: alert.farm,
    position: alert.position,
    title: alert.title,
    figures: { summary: alert.body },
    url: alert.link,
  };
}

/** What 'send a test alert' sends. */
export function testAlert(deliveryId: number, createdAt: string, publicUrl: string): ChannelAlert {
  return {
    id: `t${deliveryId}`,
    rule: 'test',
    title: 'Tidewatch test alert',
    body: 'This channel is set up: Tidewatch alerts you choose for it will arrive here.',
    link: `${publicUrl}/settings/alerts`,
    occurredAt: createdAt,
    wallet: '',
    farm: '',
    position: null,
  };
}
