import {
  type AlertFigures,
  type AlertRule,
  type AlertWebhookBody,
  alertRuleLabels,
  formatTokenAmount,
  formatUsd,
} from '@tidewatch/shared';

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
  /** The chain it happened on, with its name ('Base'); null for a test alert (issue 47). */
  chain: { id: number; name: string } | null;
  /** The event's numbers, stored when it was found (empty for a test alert or an older event). */
  figures: AlertFigures;
};

const ruleLabel = (rule: string) => alertRuleLabels[rule as AlertRule] ?? rule;

/** What each figure is called in Discord's fields, in the order they are shown. */
const figureNames: Record<string, string> = {
  ends_at: 'Ends',
  ended_at: 'Ended',
  hours_left: 'Hours left',
  staked_lp: 'Staked (LP)',
  staked_usd: 'Staked value',
  earned: 'Unclaimed',
  change_pct: 'Change in 24 h',
  value_usd: 'Value now',
  previous_usd: 'Value 24 h ago',
  apr_pct: 'APR',
  threshold_pct: 'Your threshold',
  price: 'Price',
  lower: 'Range from',
  upper: 'Range to',
  block: 'Block',
  incentive_id: 'Incentive',
};

/** One figure as people read it; unknown (null) says so. */
function figureText(key: string, value: AlertFigures[string], figures: AlertFigures): string {
  if (value === null) return 'unknown';
  if (Array.isArray(value)) {
    return value.map((r) => `${formatTokenAmount(r.amount)} ${r.symbol}`).join(' + ') || 'none';
  }
  if (key.endsWith('_usd') && typeof value === 'number') return formatUsd(value);
  if (key === 'staked_lp' && typeof value === 'string') return formatTokenAmount(value);
  if (key.endsWith('_pct') && typeof value === 'number')
    return `${value > 0 && key === 'change_pct' ? '+' : ''}${value}%`;
  if (key.endsWith('_at') && typeof value === 'string') return `${value.replace('T', ' ').slice(0, 16)} UTC`;
  if ((key === 'price' || key === 'lower' || key === 'upper') && typeof figures.price_unit === 'string') {
    return `${value} ${figures.price_unit}`;
  }
  return String(value);
}

/** Discord embed fields from the event's figures (the same numbers the webhook carries). */
function figureFields(figures: AlertFigures) {
  return Object.keys(figureNames)
    .filter((key) => key in figures)
    .map((key) => ({
      name: figureNames[key]!,
      value: figureText(key, figures[key]!, figures).slice(0, 1024),
      inline: true,
    }));
}

/** Discord's execute-webhook body: one embed (title, the sentence, the link, the event's figures as fields). */
export function discordMessage(alert: ChannelAlert) {
  return {
    embeds: [
      {
        title: alert.title.slice(0, 256),
        description: alert.body.slice(0, 4000),
        url: alert.link,
        fields: [
          ...figureFields(alert.figures),
          { name: 'Wallet', value: alert.wallet || '-', inline: false },
          {
            name: alert.position ? 'Position' : 'Farm',
            value: (alert.position ? `#${alert.position}` : alert.farm) || '-',
            inline: false,
          },
          ...(alert.chain ? [{ name: 'Chain', value: alert.chain.name, inline: true }] : []),
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
    chain_id: alert.chain?.id ?? null,
    chain: alert.chain?.name ?? null,
    figures: alert.figures,
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
    chain: null,
    figures: {},
  };
}
