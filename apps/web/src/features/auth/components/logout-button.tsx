import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/index.ts';
import { useLogout } from '../api/logout.ts';

/** Revokes the token on the server, forgets it here, and returns to the login screen. */
export function LogoutButton() {
  const navigate = useNavigate();
  // Replace, not push: Back after logging out must not reopen a guarded page that sends back to /login.
  const logout = useLogout({ onDone: () => navigate(paths.login.getHref(), { replace: true }) });
  return (
    <Button variant="secondary" size="sm" isLoading={logout.isPending} onClick={() => logout.mutate()}>
      log out
    </Button>
  );
}
