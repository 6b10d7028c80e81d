import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

type TabItem<K extends string> = { key: K; label: ReactNode };

export type TabsProps<K extends string> = {
  items: ReadonlyArray<TabItem<K>>;
  /** Controlled: the owner decides the default (e.g. Tracked with a session token, All without). */
  value: K;
  onChange: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  label?: string;
};

/** WAI-ARIA tabs (arrow keys move between tabs); only the selected panel is rendered. */
export function Tabs<K extends string>({ items, value, onChange, children, label }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = items.findIndex((item) => item.key === value);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = items[(index + step + items.length) % items.length];
    if (!next) return;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-slate-200 dark:border-slate-700"
      >
        {items.map((item) => {
          const isSelected = item.key === value;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) refs.current.set(item.key, element);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(item.key)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                isSelected
                  ? 'border-sky-700 text-sky-800 dark:border-sky-400 dark:text-sky-300'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${value}`} className="pt-4">
        {children}
      </div>
    </div>
  );
}
