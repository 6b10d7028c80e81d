import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ErrorBanner, Page, SuccessBanner } from '../../components/index.ts';
import { confirmEmail } from '../../features/auth/api/confirm-email.ts';
import { paths } from '../paths.ts';

type ConfirmResult = { isConfirmed: true; message: string } | { isConfirmed: false; message: string };

/**
 * Confirms in the loader, not in an effect: the token is single-use and a loader runs once per navigation
 * (an effect would run twice under StrictMode and the second call would report the link as used).
 */
export async function signupConfirmLoader({ request }: LoaderFunctionArgs): Promise<ConfirmResult> {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return { isConfirmed: false, message: 'the confirmation link is incomplete' };
  try {
    const response = await confirmEmail(token);
    return { isConfirmed: true, message: response.message };
  } catch (error) {
    return { isConfirmed: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function SignupConfirmRoute() {
  const result = useLoaderData<typeof signupConfirmLoader>();
  return (
    <Page width="narrow" title="confirm your email address">
      <div className="space-y-4">
        {result.isConfirmed ? (
          <SuccessBanner messages={result.message} />
        ) : (
          <ErrorBanner messages={result.message} />
        )}
        <Link
          to={paths.login.getHref()}
          className="inline-block font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          continue to log in
        </Link>
      </div>
    </Page>
  );
}
