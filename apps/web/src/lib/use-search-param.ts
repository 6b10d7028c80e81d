import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One search parameter of the page's URL as state, so Back and a shared link bring it back. The new value
 * shows at once: setSearchParams is a router navigation that lands only after the route's loaders, and a
 * tab that stays unselected for that moment after an arrow key (or a click) reads as ignored.
 *
 * @example const [tab, setTab] = useSearchParam('tab'); // null when the URL has none
 */
export function useSearchParam(name: string): [string | null, (value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const fromUrl = search.get(name);
  // The value chosen here, until the URL changes: our navigation landed, or Back/Forward moved it.
  const [chosen, setChosen] = useState<string | null>(null);
  const [urlSeen, setUrlSeen] = useState(fromUrl);
  if (urlSeen !== fromUrl) {
    // React's way to reset state when an input changes: during render, not in an effect a frame later.
    setUrlSeen(fromUrl);
    setChosen(null);
  }
  const value = urlSeen === fromUrl && chosen !== null ? chosen : fromUrl;
  const setValue = (next: string) => {
    setChosen(next);
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set(name, next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [value, setValue];
}
