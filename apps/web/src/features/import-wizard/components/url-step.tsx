import { wizardUrlMaxLength } from '@tidewatch/shared';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../components/index.ts';

const addressPattern = /0x[0-9a-fA-F]{40}/i;
/** A whole URL (scheme, host, path): the server says what it is, even when it names no farm (a farm list). */
const urlPattern = /^https?:\/\/[^\s/]+\.[a-z]{2,}\/\S*$/i;

/** How long typing must pause before a typed URL is sent (a paste is sent at once). */
const typingPauseMs = 700;

/** Said under the field when what it holds is neither a URL nor an address, so nothing was sent. */
export const notAFarmUrlMessage =
  "that is not a URL or an address: paste the farm's quickswap URL or its 0x address";
/** Said under the field when what it holds is longer than any URL the wizard reads. */
export const urlTooLongMessage = `that is too long for a farm URL: at most ${wizardUrlMaxLength} characters`;

/**
 * NOT_STARTED: the farm URL field. Spec: PARSE_URL fires once, on the first change. A paste (several
 * characters in one change) holding an address or a whole URL fires at once (the server refuses pages that
 * name no farm, saying what to paste); typed text fires once typing pauses, so a
 * half-typed URL is never sent; Enter sends at once. Text that is neither gets a message under the field
 * instead of silence. After a refused URL the field takes the next change as a new attempt (no other click
 * needed), and editing tells the owner, so the refusal about the old text goes at once.
 */
export function UrlStep({
  onUrl,
  onEdit,
  isDisabled,
  isRefused,
  initialUrl,
  placeholder,
}: {
  onUrl: (url: string) => void;
  /** Every change of the text: what was refused is being replaced. */
  onEdit: () => void;
  isDisabled: boolean;
  /** The last URL sent was refused: the next one may be sent (PARSE_URL still fires once per attempt). */
  isRefused: boolean;
  /** One-click import: the field starts filled and is sent at once. */
  initialUrl?: string | undefined;
  /** A URL of the farm kind's shape, e.g. a dual farm's `#/dual/…`. */
  placeholder: string;
}) {
  const [value, setValue] = useState(initialUrl ?? '');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const hasFiredRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);
  useEffect(() => {
    if (isRefused) hasFiredRef.current = false;
  }, [isRefused]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, for the URL the step started with
  useEffect(() => {
    if (initialUrl) fire(initialUrl);
  }, []);

  function fire(url: string) {
    const text = url.trim();
    if (hasFiredRef.current) return;
    const isRecognised = addressPattern.test(text) || urlPattern.test(text);
    if (text.length > wizardUrlMaxLength) setProblem(urlTooLongMessage);
    else setProblem(text !== '' && !isRecognised ? notAFarmUrlMessage : undefined);
    if (!isRecognised || text.length > wizardUrlMaxLength) return;
    hasFiredRef.current = true;
    onUrl(text);
  }
  return (
    <TextField
      label="farm URL"
      placeholder={placeholder}
      hint="paste the farm's quickswap URL, its address, or its pair's address or analytics page"
      errorMessage={problem}
      value={value}
      disabled={isDisabled}
      onChange={(event) => {
        const url = event.target.value;
        const isPaste = url.length - value.length > 1;
        setValue(url);
        setProblem(undefined);
        onEdit();
        clearTimeout(timerRef.current);
        if (isPaste) fire(url);
        else timerRef.current = setTimeout(() => fire(url), typingPauseMs);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        clearTimeout(timerRef.current);
        fire(value);
      }}
    />
  );
}
