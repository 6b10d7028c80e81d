import { useEffect, useState } from 'react';
import { afterNextPaint } from './yield-to-main.ts';

/**
 * False until the page has painted after this component mounted (`afterNextPaint`): a query that only the
 * header or a corner of the page needs can wait for it with `enabled`, and stay out of the content's way.
 */
export function useHasPainted(): boolean {
  const [hasPainted, setHasPainted] = useState(false);
  useEffect(() => {
    let isMounted = true;
    void afterNextPaint().then(() => {
      if (isMounted) setHasPainted(true);
    });
    return () => {
      isMounted = false;
    };
  }, []);
  return hasPainted;
}
