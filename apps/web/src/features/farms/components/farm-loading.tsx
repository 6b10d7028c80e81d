import { Page } from '../../../components/index.ts';

/**
 * Spec screen 6: 'loading farm...' until the farm is in. Shown by the farm's screen while it fetches, by the
 * layout while a navigation's loader fetches it, and by the page drawn at build time; its own module so the
 * start-up bundle can show it without the farm detail's chunk.
 */
export function FarmLoading() {
  return (
    <Page title="farm details">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        loading farm...
      </p>
    </Page>
  );
}
