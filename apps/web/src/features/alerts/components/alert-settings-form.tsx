import { useQuery } from '@tanstack/react-query';
import {
  type AlertChannel,
  type AlertRule,
  type AlertRuleSetting,
  type AlertSettings,
  alertRuleLabels,
  alertRuleNames,
  alertThresholdRanges,
  type Wallet,
} from '@tidewatch/shared';
import { type FormEvent, useState } from 'react';
import { Button, ErrorBanner, Spinner, SuccessBanner } from '../../../components/index.ts';
import { parseDecimalInput } from '../../../lib/decimal-input.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { alertChannelsQueryOptions } from '../../alert-channels/api.ts';
import { alertSettingsQueryOptions, useSaveAlertSettings } from '../api.ts';
import { AlertRuleRow } from './alert-rule-row.tsx';

/**
 * /settings/alerts: each rule on or off, where it goes (e-mail, the bell, each of the user's alert
 * channels), its threshold, for every wallet or for one wallet; alert e-mails on or off altogether.
 * `wallets` are the user's saved and watch-only wallets. A digest is an e-mail: it follows the e-mail box.
 */
export function AlertSettingsForm({ wallets }: { wallets: Wallet[] }) {
  const query = useQuery(alertSettingsQueryOptions());
  // Here, not in the editor: the editor starts again from what was saved, and 'saved' must outlive it.
  const save = useSaveAlertSettings();
  // The channels section reads the same list; if it cannot be read, the rules still offer e-mail and bell.
  const channels = useQuery(alertChannelsQueryOptions()).data?.channels;
  if (query.isPending) return <Spinner label="loading alert settings" />;
  if (query.isError) return <ErrorBanner messages={query.error.message} />;
  return (
    <Editor
      key={JSON.stringify(query.data)}
      initial={query.data}
      wallets={wallets}
      channels={channels}
      save={save}
    />
  );
}

function Editor({
  initial,
  wallets,
  channels,
  save,
}: {
  initial: AlertSettings;
  wallets: Wallet[];
  /** Undefined while loading or when the list could not be read: channel choices are then kept as saved. */
  channels: AlertChannel[] | undefined;
  save: ReturnType<typeof useSaveAlertSettings>;
}) {
  const [settings, setSettings] = useState(initial);
  const [newWallet, setNewWallet] = useState('');
  const [newRule, setNewRule] = useState<AlertRule>('value_moved');
  // Thresholds as typed, per rule: read on save by the one decimal parser ("12,5" is 12.5), never by
  // the browser's number field (Chromium took "12,5" for 125).
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [typingErrors, setTypingErrors] = useState<Record<string, string>>({});
  const update = (index: number, change: Partial<AlertRuleSetting>) =>
    setSettings((s) => ({ ...s, rules: s.rules.map((r, i) => (i === index ? { ...r, ...change } : r)) }));
  function submit(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const rules = settings.rules.map((rule) => {
      const text = typed[ruleKey(rule)];
      if (text === undefined || !alertThresholdRanges[rule.rule]) return rule;
      const read = parseDecimalInput(text);
      if (read.ok) return { ...rule, threshold: read.value };
      errors[ruleKey(rule)] = read.message;
      return rule;
    });
    setTypingErrors(errors);
    if (Object.keys(errors).length > 0) {
      save.reset();
      return;
    }
    save.mutate({ ...settings, rules: channels ? rules.map(withExistingChannels(channels)) : rules });
  }
  const typingMessages = settings.rules.flatMap((rule) => {
    const message = typingErrors[ruleKey(rule)];
    return message ? [`threshold of "${alertRuleLabels[rule.rule]}" (${whoOf(rule)}): ${message}`] : [];
  });
  return (
    <form aria-label="alert settings" onSubmit={submit} className="space-y-4" noValidate>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={settings.email_enabled}
          onChange={(e) => setSettings((s) => ({ ...s, email_enabled: e.target.checked }))}
        />
        send alerts by e-mail too (they always show in the app)
      </label>
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden text-xs text-slate-500 sm:table-header-group dark:text-slate-400">
          <tr>
            <th className="py-1 pr-3 font-medium">alert me when</th>
            <th className="py-1 pr-3 font-medium">wallet</th>
            <th className="py-1 pr-3 font-medium">on</th>
            <th className="py-1 pr-3 font-medium">send to</th>
            <th className="py-1 text-right font-medium">threshold (%)</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 sm:table-row-group dark:divide-slate-800">
          {settings.rules.map((rule, index) => {
            const key = ruleKey(rule);
            return (
              <AlertRuleRow
                key={key}
                rule={rule}
                channels={channels ?? []}
                who={whoOf(rule)}
                rowId={key}
                thresholdText={typed[key] ?? (rule.threshold === null ? '' : String(rule.threshold))}
                problem={typingErrors[key] ?? fieldError(save.error, `body.rules.${index}.threshold`)}
                onChange={(change) => update(index, change)}
                onThresholdText={(text) => setTyped((t) => ({ ...t, [key]: text }))}
              />
            );
          })}
        </tbody>
      </table>
      {wallets.length > 0 ? (
        <fieldset className="flex min-w-0 flex-wrap items-end gap-2 text-sm">
          <legend className="mb-1 text-xs text-slate-600 dark:text-slate-400">
            a setting for one wallet
          </legend>
          <select
            aria-label="rule"
            className="w-full max-w-full rounded border border-slate-300 px-2 py-1 sm:w-auto dark:border-slate-600"
            value={newRule}
            onChange={(e) => setNewRule(e.target.value as AlertRule)}
          >
            {alertRuleNames.map((rule) => (
              <option key={rule} value={rule}>
                {alertRuleLabels[rule]}
              </option>
            ))}
          </select>
          <select
            aria-label="wallet"
            className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600"
            value={newWallet}
            onChange={(e) => setNewWallet(e.target.value)}
          >
            <option value="">choose a wallet</option>
            {wallets.map((w) => (
              <option key={w.id} value={w.address}>
                {shortenAddress(w.address)}
                {w.is_watch_only ? ' (watch-only)' : ''}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="secondary"
            disabled={
              !newWallet || settings.rules.some((r) => r.rule === newRule && r.wallet_address === newWallet)
            }
            onClick={() =>
              setSettings((s) => ({
                ...s,
                rules: [
                  ...s.rules,
                  {
                    rule: newRule,
                    wallet_address: newWallet,
                    is_enabled: true,
                    email_enabled: true,
                    bell_enabled: true,
                    channel_ids: [],
                    threshold: alertThresholdRanges[newRule]?.fallback ?? null,
                  },
                ],
              }))
            }
          >
            add
          </Button>
        </fieldset>
      ) : null}
      <Button type="submit" isLoading={save.isPending}>
        save alert settings
      </Button>
      {typingMessages.length > 0 ? <ErrorBanner messages={typingMessages} /> : null}
      {save.isSuccess ? <SuccessBanner messages="alert settings saved" /> : null}
      {save.isError && !(save.error as { details?: unknown }).details ? (
        <ErrorBanner messages={save.error.message} />
      ) : null}
    </form>
  );
}

/** One rule's row: the rule for every wallet, or for one. */
const ruleKey = (rule: AlertRuleSetting) => `${rule.rule}:${rule.wallet_address ?? ''}`;
const whoOf = (rule: AlertRuleSetting) =>
  rule.wallet_address ? shortenAddress(rule.wallet_address) : 'every wallet';

/** A rule's channels without those removed since the settings were read (the server would refuse them). */
const withExistingChannels = (channels: AlertChannel[]) => (rule: AlertRuleSetting) => ({
  ...rule,
  channel_ids: rule.channel_ids.filter((id) => channels.some((c) => c.id === id)),
});
