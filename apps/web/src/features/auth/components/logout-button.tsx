import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/index.ts';
import { useLogout } from '../api/logout.ts';

/** Revokes the token on the server, forgets it here, and returns to the login screen. */
export function LogoutButton() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      size="sm"
      isLoading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login.getHref()) })}
    >
      log out
    </Button>
  );
}
