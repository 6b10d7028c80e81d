import { useSearchParams } from 'react-router';
import { useSessionToken } from './session.ts';

/** The two tabs of a tool's list (the farm tools, the V3 tool): everything, or what the user tracks. */
export type AllOrTrackedTab = 'all' | 'tracked';

/** `?tab=all|tracked`: the chosen tab lives in the URL, so Back and a shared link bring it back. */
const tabParam = 'tab';
const isTab = (value: string | null): value is AllOrTrackedTab => value === 'all' || value === 'tracked';

/**
 * The list's tab: the one in the URL, else 'tracked' with a session and 'all' without (spec screen 4), and the
 * setter that writes it into the URL in place (no new history entry, no scroll).
 */
export function useAllOrTrackedTab(): [AllOrTrackedTab, (tab: AllOrTrackedTab) => void] {
  const token = useSessionToken();
  const [search, setSearch] = useSearchParams();
  const chosen = search.get(tabParam);
  const tab: AllOrTrackedTab = isTab(chosen) ? chosen : token ? 'tracked' : 'all';
  const choose = (key: AllOrTrackedTab) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(tabParam, key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, choose];
}
