import { Button } from '../../../components/index.ts';
import type { SignatureRequest } from '../hooks/use-review-stage.ts';
import type { CallDisplay } from '../transaction-state.ts';
import { CallSummary } from './call-summary.tsx';

/**
 * Before a call that needs a signature (a permit) is built: the contract, the function and what arrives,
 * what MetaMask will ask to sign, and the click that asks it. The transaction itself is reviewed after.
 */
export function SignaturePanel({
  display,
  signature,
}: {
  display: CallDisplay;
  signature: SignatureRequest;
}) {
  return (
    <div className="space-y-3">
      <CallSummary display={display} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        MetaMask will ask you to sign {signature.purpose}. Signing sends nothing: the transaction is reviewed
        next, with its gas, before you confirm it.
      </p>
      <Button size="sm" isLoading={signature.isSigning} onClick={signature.sign}>
        {signature.isSigning ? 'sign in MetaMask…' : 'sign the permit in wallet'}
      </Button>
    </div>
  );
}
