import { useQueryClient } from '@tanstack/react-query';
import type { MerklClaims, MerklRewards, V3WalletPositions } from '@tidewatch/shared/v3-positions';
import { useState } from 'react';
import { Button, InlineError } from '../../../components/index.ts';
import {
  hasPendingTransaction,
  resumedStepRequest,
  type TransactionRequest,
  TransactionRunner,
  usePositionActionsAccess,
} from '../../transactions/index.ts';
import { getMerklClaims } from '../api/get-merkl-claims.ts';
import { v3Keys } from '../api/keys.ts';
import { formatAmountsWithUsd } from '../format.ts';

type MerklClaimProps = {
  walletAddress: string;
  merkl: MerklRewards;
  contracts: V3WalletPositions['contracts'];
  canAct: boolean;
};

/**
 * 'claim Merkl rewards' (issue 46): asks the server for what one claim pays now, with Merkl's proofs, says what is
 * claimed and what is left to claim later, then runs the distributor's `claim` of every token in the runner. Shown
 * to the user's own wallets with Merkl rewards; disabled for a watch-only one or MetaMask on another account.
 */
export function MerklClaim({ walletAddress, merkl, contracts, canAct }: MerklClaimProps) {
  const access = usePositionActionsAccess(walletAddress);
  const queryClient = useQueryClient();
  const [claims, setClaims] = useState<MerklClaims | null>(null);
  // A claim sent earlier and still waiting for its receipt (a reload): followed from its hash, never sent twice.
  const [request, setRequest] = useState<TransactionRequest | null>(() =>
    hasPendingTransaction(walletAddress, 'merkl_claim')
      ? resumedStepRequest('merkl_claim', 'merkl_claim', null)
      : null,
  );
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setIsLoading] = useState(false);
  if (access.state === 'hidden' || (merkl.rewards.length === 0 && !request)) return null;
  const isReady = access.state === 'ready' && canAct;

  const open = async () => {
    setIsLoading(true);
    setError(null);
    try {
      const answer = await getMerklClaims(walletAddress);
      setClaims(answer);
      const { merklClaimRequest } = await import('../actions/action-requests.ts');
      setRequest(
        answer.claims.length > 0 ? merklClaimRequest(answer, null, contracts.merkl_distributor) : null,
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setIsLoading(false);
    }
  };
  const close = () => {
    setClaims(null);
    setRequest(null);
  };

  return (
    <div className="space-y-2">
      {claims === null && !request ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={!isReady}
          isLoading={isLoading}
          onClick={() => void open()}
        >
          claim Merkl rewards
        </Button>
      ) : (
        <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          {claims === null ? null : claims.status === 'unavailable' ? (
            <p role="alert">Merkl is not answering: its proofs are needed to claim, try again later</p>
          ) : (
            <>
              <p>
                claimed now:{' '}
                {claims.claims.length > 0
                  ? formatAmountsWithUsd(
                      claims.claims.map((claim) => claim.claimable),
                      claims.claimable_usd,
                    )
                  : 'nothing is claimable now'}
              </p>
              <p>
                left to claim later:{' '}
                {claims.left_to_claim.length > 0
                  ? formatAmountsWithUsd(claims.left_to_claim, null)
                  : 'nothing'}
              </p>
            </>
          )}
          {request ? (
            <TransactionRunner
              wallet={walletAddress as `0x${string}`}
              request={request}
              onFinished={(outcome) => {
                if (outcome !== 'rejected') void queryClient.invalidateQueries({ queryKey: v3Keys.all });
              }}
            />
          ) : null}
          <Button size="sm" variant="ghost" onClick={close}>
            close
          </Button>
        </div>
      )}
      {error ? (
        <InlineError title="Merkl claims could not be read" error={error} onRetry={() => void open()} />
      ) : null}
    </div>
  );
}
