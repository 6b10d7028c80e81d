import { useState } from 'react';
import { Button } from '../../../components/index.ts';

/** The header a webhook delivery carries its signature in (the server's name, Stripe's scheme). */
const signatureHeader = 'Tidewatch-Signature';

/**
 * A new webhook's signing secret, shown this once (the server keeps no way to show it again), with a copy
 * button and how a receiver verifies a delivery with it.
 */
export function WebhookSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <section
      aria-label="webhook signing secret"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">The webhook's signing secret. Copy it now: it will not be shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label="signing secret"
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full min-w-0 flex-1 rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 sm:w-auto dark:bg-slate-900 dark:text-slate-100"
        />
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          copy
        </Button>
        {copied === 'yes' ? <span role="status">copied</span> : null}
        {copied === 'failed' ? (
          <span role="status">could not copy: select the secret and copy it by hand</span>
        ) : null}
      </div>
      <p className="wrap-anywhere">
        To verify a delivery: its <code className="font-mono">{signatureHeader}</code> header reads{' '}
        <code className="font-mono break-all">t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>. Compute
        HMAC-SHA256 with this secret over <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> (the
        same scheme as Stripe's webhooks), compare its hex with v1, and refuse a t more than five minutes old,
        so a replayed request is turned away. <code className="font-mono">Tidewatch-Event-Id</code> stays the
        same when a delivery is tried again.
      </p>
      <Button size="sm" onClick={onDone}>
        I saved the secret
      </Button>
    </section>
  );
}
