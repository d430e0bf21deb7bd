import { useLocation, useNavigate } from 'react-router';
import { HOME_BY_ROLE } from '@portal/domain/routes';
import { signedIn } from '../../lib/signed-in';
import { LoginForm } from './login-form';

/** The login screen inside the app (reached by navigation): the router moves on from it. */
export default function LoginPage() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  return (
    <LoginForm
      pathname={pathname}
      flash={(state as { flash?: string } | null)?.flash}
      go={(to) => void navigate(to)}
      onLoggedIn={(user) => {
        signedIn(user);
        void navigate(HOME_BY_ROLE[user.role], { replace: true });
      }}
    />
  );
}
