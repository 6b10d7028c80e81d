import {
  type AlertChannel,
  type AlertRuleSetting,
  alertRuleLabels,
  alertThresholdRanges,
} from '@tidewatch/shared';
import { channelKindLabels, channelName } from '../../alert-channels/index.ts';

export type AlertRuleRowProps = {
  rule: AlertRuleSetting;
  /** The user's alert channels: each a checkbox beside e-mail and the bell. */
  channels: AlertChannel[];
  /** 'every wallet' or the wallet's short address. */
  who: string;
  /** The row's id part: its threshold's message is `${rowId}-problem`. */
  rowId: string;
  /** The threshold as typed (read on save), or the saved one. */
  thresholdText: string;
  /** Why the threshold was refused, here or by the server. */
  problem: string | undefined;
  onChange: (change: Partial<AlertRuleSetting>) => void;
  onThresholdText: (text: string) => void;
};

/** On a phone a cell says what it is itself: the table's headers are not shown there. */
const phoneCaption = 'text-xs text-slate-500 sm:hidden dark:text-slate-400';

/**
 * One rule of the alert settings: a table row from the sm breakpoint up, a stacked card below it (at 375 px
 * the five columns did not fit, and a sideways scroller cut the headers to 'wal' and 'eve').
 */
export function AlertRuleRow(props: AlertRuleRowProps) {
  const { rule, who, rowId, problem } = props;
  const range = alertThresholdRanges[rule.rule];
  const label = alertRuleLabels[rule.rule];
  return (
    <tr className="flex flex-wrap items-center gap-x-5 gap-y-2 py-3 sm:table-row sm:py-0">
      <td className="w-full sm:w-auto sm:py-2 sm:pr-3">{label}</td>
      <td className="w-full sm:w-auto sm:py-2 sm:pr-3 sm:whitespace-nowrap">
        <span className={phoneCaption}>wallet: </span>
        <span className="font-mono text-xs">{who}</span>
      </td>
      <td className="sm:py-2 sm:pr-3">
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            aria-label={`${label}: on (${who})`}
            checked={rule.is_enabled}
            onChange={(e) => props.onChange({ is_enabled: e.target.checked })}
          />
          <span className={phoneCaption}>on</span>
        </label>
      </td>
      <td className="w-full sm:w-auto sm:py-2 sm:pr-3">
        <span className={phoneCaption}>send to:</span>
        <span className="flex flex-wrap gap-x-3 gap-y-1">
          <DeliveryBox
            label="e-mail"
            name={`${label}: e-mail (${who})`}
            checked={rule.email_enabled}
            onChange={(checked) => props.onChange({ email_enabled: checked })}
          />
          <DeliveryBox
            label="bell"
            name={`${label}: bell (${who})`}
            checked={rule.bell_enabled}
            onChange={(checked) => props.onChange({ bell_enabled: checked })}
          />
          {props.channels.map((channel) => (
            <DeliveryBox
              key={channel.id}
              label={channelKindLabels[channel.kind]}
              detail={channel.target}
              name={`${label}: ${channelName(channel)} (${who})`}
              checked={rule.channel_ids.includes(channel.id)}
              onChange={(checked) =>
                props.onChange({
                  channel_ids: checked
                    ? [...rule.channel_ids, channel.id]
                    : rule.channel_ids.filter((id) => id !== channel.id),
                })
              }
            />
          ))}
        </span>
      </td>
      <td className="sm:py-2 sm:text-right">
        {range ? (
          <span className="flex flex-col items-start sm:items-end">
            <label className="flex items-center gap-1.5">
              <span className={phoneCaption}>threshold (%)</span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className="w-24 rounded border border-slate-300 px-2 py-1 text-right tabular-nums dark:border-slate-600"
                aria-label={`${label}: threshold (${who})`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${rowId}-problem` : undefined}
                value={props.thresholdText}
                onChange={(e) => props.onThresholdText(e.target.value)}
              />
            </label>
            {problem ? (
              <span id={`${rowId}-problem`} className="text-xs text-red-700 dark:text-red-300">
                {problem}
              </span>
            ) : null}
          </span>
        ) : (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            <span className="sm:hidden">threshold: </span>none
          </span>
        )}
      </td>
    </tr>
  );
}

/** One place a rule's alerts go: a checkbox with a short visible label, the full name for screen readers. */
function DeliveryBox(props: {
  label: string;
  /** Where the channel goes, cut short on screen (its full text in the tooltip and the accessible name). */
  detail?: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-w-0 items-center gap-1.5" title={props.detail}>
      <input
        type="checkbox"
        aria-label={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className="whitespace-nowrap">{props.label}</span>
      {props.detail ? (
        <span className="max-w-32 truncate font-mono text-xs text-slate-500 dark:text-slate-400">
          {props.detail}
        </span>
      ) : null}
    </label>
  );
}
