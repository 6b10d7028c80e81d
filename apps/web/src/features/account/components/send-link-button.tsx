import type { UseMutationResult } from '@tanstack/react-query';
import { Button, ErrorBanner, SuccessBanner } from '../../../components/index.ts';
import { fieldError } from '../../../lib/field-error.ts';

type SendLinkButtonProps = {
  /** Sends the link to an e-mail address; answers the message shown on success. */
  request: UseMutationResult<string, Error, string>;
  label: string;
  className?: string;
};

/** The button of a form that e-mails a link, then the answer (an address error shows at its field). */
export function SendLinkButton({ request, label, className }: SendLinkButtonProps) {
  return (
    <>
      <Button type="submit" isLoading={request.isPending} className={className}>
        {label}
      </Button>
      {request.isSuccess ? <SuccessBanner messages={request.data} /> : null}
      {request.isError && !fieldError(request.error, 'body.email') ? (
        <ErrorBanner messages={request.error.message} />
      ) : null}
    </>
  );
}
