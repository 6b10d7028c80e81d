import { isTimeZone } from '@tidewatch/shared/ledger';
import { type FormEvent, useId, useState } from 'react';
import { browserTimeZone } from './time-zones.ts';

const otherValue = '__other__';
const selectClass = 'rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

export type TimeZoneSelectProps = { value: string; onChange: (timeZone: string) => void };

/**
 * The time zone the year's bounds and the rows' times are read in: UTC (the default), the browser's own, or an
 * IANA name typed in, checked here before it is asked for (the server checks it again).
 */
export function TimeZoneSelect({ value, onChange }: TimeZoneSelectProps) {
  const [isTyping, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const zones = [
    ...new Set(['UTC', browserTimeZone(), value].filter((zone): zone is string => Boolean(zone))),
  ];

  function applyTyped(event: FormEvent) {
    event.preventDefault();
    const name = typed.trim();
    if (name === '' || !isTimeZone(name)) {
      setProblem(`'${name}' is not a time zone name: type an IANA name such as Europe/Berlin`);
      return;
    }
    setProblem(null);
    setTyping(false);
    onChange(name);
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-2">
        <span className="text-slate-600 dark:text-slate-400">time zone</span>
        <select
          value={isTyping ? otherValue : value}
          onChange={(event) => {
            if (event.target.value === otherValue) return setTyping(true);
            setTyping(false);
            setProblem(null);
            onChange(event.target.value);
          }}
          className={selectClass}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
          <option value={otherValue}>another zone…</option>
        </select>
      </label>
      {isTyping ? (
        <form onSubmit={applyTyped} className="flex flex-wrap items-center gap-2" noValidate>
          <input
            aria-label="time zone name"
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Europe/Berlin"
            className={`w-44 ${selectClass}`}
          />
          <button type="submit" className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
            use
          </button>
          {problem ? (
            <span id={problemId} role="alert" className="text-red-700 dark:text-red-300">
              {problem}
            </span>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
