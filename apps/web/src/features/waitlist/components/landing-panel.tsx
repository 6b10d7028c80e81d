const promises = [
  { title: 'buy crypto, not hype', body: 'Look at what a token does and who holds it before you buy.' },
  { title: 'tokenomics over ponzinomics', body: 'Favour supply, emissions and real yield over promises.' },
  {
    title: 'track your investment decisions',
    body: 'Follow your pools, farms and positions over time, with the numbers behind them.',
  },
  {
    title: 'keep control of your tokens',
    body: 'Your wallet stays yours: we read the chain, we never hold keys.',
  },
] as const;

/** The marketing half of the landing screen (spec section 1's landing copy). */
export function LandingPanel() {
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-sky-700 dark:text-sky-300">
          Tidewatch
        </p>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-slate-100">
          navigate the storms of crypto
        </h1>
        <p className="text-lg text-slate-600 dark:text-slate-400">
          and do your own research, with your own numbers.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {promises.map((promise) => (
          <li
            key={promise.title}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <p className="font-medium text-slate-900 dark:text-slate-100">{promise.title}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{promise.body}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
