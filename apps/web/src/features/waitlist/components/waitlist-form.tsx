import { type FormEvent, useState } from 'react';
import {
  Button,
  EmailField,
  ErrorBanner,
  SuccessBanner,
  TextAreaField,
  TextField,
} from '../../../components/index.ts';
import { networkMessage } from '../../../lib/api-client.ts';
import { safeParseWith } from '../../../lib/schema-source.ts';
import { loadAuthSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';

/** Spec section 8: the waitlist's one validation message. */
const waitlistEmailMessage =
  'Please fill out your email address so that we can let you know when we are ready for onboarding!';
const waitlistSuccessMessage = "thanks! you're on the waitlist, we'll be in touch";

export function WaitlistForm() {
  const [email, setEmail] = useState('');
  const [tokens, setTokens] = useState('');
  const [concern, setConcern] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [isDone, setIsDone] = useState(false);
  const [textErrors, setTextErrors] = useState<{ tokens?: string | undefined; concern?: string | undefined }>(
    {},
  );
  const [loadError, setLoadError] = useState<string>();
  const join = useJoinWaitlist();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form is on the landing page, so its schema loads when it is first sent (start-up-schemas.ts).
    const parsed = await safeParseWith(schemaFrom(loadAuthSchemas, 'waitlistSignupSchema'), {
      email,
      tokens,
      concern,
    });
    setLoadError(parsed ? undefined : networkMessage);
    if (!parsed) {
      setIsDone(false);
      setEmailError(undefined);
      return;
    }
    if (!parsed.success) {
      // The spec hides the success message and makes no call; only the e-mail can be wrong in practice.
      setIsDone(false);
      const issueOf = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setEmailError(issueOf('email') === undefined ? undefined : waitlistEmailMessage);
      // The free-text fields say their own problem under themselves, so it is clear which one is too long.
      setTextErrors({ tokens: issueOf('tokens'), concern: issueOf('concern') });
      return;
    }
    setEmailError(undefined);
    setTextErrors({});
    setIsDone(false);
    join.mutate(parsed.data, {
      onSuccess: () => {
        setIsDone(true);
        setEmail('');
        setTokens('');
        setConcern('');
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="waitlist-title"
      className="space-y-5"
    >
      <h2 id="waitlist-title" className="text-xl font-semibold text-slate-900 dark:text-slate-100">
        sign up now for the waitlist
      </h2>
      {emailError ? <ErrorBanner messages={emailError} /> : null}
      {loadError ? <ErrorBanner messages={loadError} /> : null}
      {join.isError && !emailError ? <ErrorBanner messages={join.error.message} /> : null}
      {isDone ? <SuccessBanner messages={waitlistSuccessMessage} /> : null}
      <EmailField
        value={email}
        invalid={Boolean(emailError)}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="what cryptocurrencies do you currently have?"
        name="tokens"
        value={tokens}
        errorMessage={textErrors.tokens}
        onChange={(event) => setTokens(event.target.value)}
      />
      <TextAreaField
        label="what's your biggest concern about investing in crypto?"
        name="concern"
        value={concern}
        errorMessage={textErrors.concern}
        onChange={(event) => setConcern(event.target.value)}
      />
      <Button type="submit" isLoading={join.isPending} className="w-full sm:w-auto">
        sign up
      </Button>
    </form>
  );
}
