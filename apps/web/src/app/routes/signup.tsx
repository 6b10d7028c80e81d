import { Card, Page } from '../../components/index.ts';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';

export function SignupRoute() {
  return (
    <Page width="narrow" title="create an account">
      <Card>
        <SignupForm />
      </Card>
    </Page>
  );
}
