import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/index.ts';
import { useLogout } from '../api/logout.ts';

/** Revokes the token on the server, forgets it here, and returns to the login screen. */
export function LogoutButton() {
  const navigate = useNavigate();
  const logout = useLogout({ onDone: () => navigate(paths.login.getHref()) });
  return (
    <Button variant="secondary" size="sm" isLoading={logout.isPending} onClick={() => logout.mutate()}>
      log out
    </Button>
  );
}
