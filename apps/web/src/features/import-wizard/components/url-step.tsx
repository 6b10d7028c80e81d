import { useRef, useState } from 'react';
import { TextField } from '../../../components/index.ts';

const addressPattern = /0x[0-9a-fA-F]{40}/;

/**
 * NOT_STARTED: the farm URL field. Spec: PARSE_URL fires once, on the first change. We fire on the first
 * change that holds an address (a paste does at once; typing does at its last character), so half-typed text
 * is not sent; after a refused URL the owner re-arms it with `key`.
 */
export function UrlStep({ onUrl, isDisabled }: { onUrl: (url: string) => void; isDisabled: boolean }) {
  const [value, setValue] = useState('');
  const hasFiredRef = useRef(false);
  return (
    <TextField
      label="farm URL"
      placeholder="https://quickswap.exchange/#/quick/…"
      hint="paste the farm's quickswap URL (or its address)"
      value={value}
      disabled={isDisabled}
      onChange={(event) => {
        const url = event.target.value;
        setValue(url);
        if (hasFiredRef.current || !addressPattern.test(url)) return;
        hasFiredRef.current = true;
        onUrl(url.trim());
      }}
    />
  );
}
