// Two weights only: text at 600 (antd's "strong") renders with the 700 face by CSS font matching,
// and the login page's fonts + CSS stay under 50 KiB.
import '@fontsource/raleway/latin-400.css';
import '@fontsource/raleway/latin-700.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HOME_BY_ROLE, ROUTES } from '@portal/domain/routes';
import { ApiRequestError } from './lib/api-client';
import { fetchSession } from './lib/session-request';
import { readLoginMarker } from './lib/storage';
import { holdEarly } from './lib/monitoring-early';
import { analyticsScriptSrc } from './lib/analytics-src';
import { installFatalErrorHandler } from './lib/fatal-errors';
import { LoginForm } from './features/auth/login-form';
import { loadAntdCss } from './lib/antd-css';
import { preloadScreen } from './app/screen-loaders';
import type { StartOptions } from './app/start';

const root = createRoot(document.getElementById('root')!);
let app: Promise<typeof import('./app/start')> | null = null;
/** The app's chunk and antd's stylesheet, fetched side by side; the app draws once both are here. */
const loadApp = () => (app ??= Promise.all([import('./app/start'), loadAntdCss()]).then(([m]) => m));
/** Opens a screen of the whole app, loading it first when this visit began on the login screen. */
const go = (to?: string, options?: StartOptions) => void loadApp().then((m) => m.startApp(root, to, options));

// Fatal or unhandled errors route to the generic error screen, browser noise aside
// (docs/product/routes-and-guards.md).
installFatalErrorHandler({
  isRequestError: (value) => value instanceof ApiRequestError,
  analyticsSrc: analyticsScriptSrc,
  currentPath: () => window.location.pathname,
  showErrorScreen: (message) => go('/error', { state: { message } }),
  reportEarly: holdEarly,
});

/** The login screens' routes, by path. */
const LOGIN_ROUTE = /^\/(?:(buyer)\/login|auth\/login|auth\/(?:buyer|seller|operator)\/(login))$/;

// A first visit to a login screen with no login marker (which would send the person on) draws
// the light login screen and nothing else; the app loads while the person types. Any other first
// visit starts the app at once.
const { pathname } = window.location;
const login = LOGIN_ROUTE.exec(pathname);
if (login && readLoginMarker() === null) {
  const id = login[1] ? 'buyer.login' : login[2] ? 'auth.role.login' : 'auth.login';
  document.title = `${ROUTES.find((r) => r.id === id)?.title ?? 'Entrar'} — Portal de Propostas`;
  const flash = (window.history.state as { usr?: { flash?: string } } | null)?.usr?.flash;
  root.render(
    <StrictMode>
      <LoginForm
        pathname={pathname}
        flash={flash}
        go={(to) => go(to)}
        onLoggedIn={(user) => {
          preloadScreen(HOME_BY_ROLE[user.role]);
          go(HOME_BY_ROLE[user.role], { replace: true, user });
        }}
        onStart={() => {
          void loadApp();
          // The buyer's login leads to the buyer's home: its screen loads with the app.
          if (login[1]) preloadScreen(HOME_BY_ROLE.buyer);
        }}
      />
    </StrictMode>,
  );
} else {
  // The screen's chunk downloads beside the app's, not after it (no request chain), and the session
  // the route's guard needs is asked now rather than once the app has loaded.
  preloadScreen(pathname);
  const session = fetchSession();
  // Handled by the app's query; this only keeps a failure that comes before the app from counting
  // as an unhandled error.
  session.catch(() => undefined);
  go(undefined, { session });
}

// Monitoring and analytics, once the first screen is drawn.
window.addEventListener('load', () => setTimeout(() => void import('./lib/telemetry').then((m) => m.startTelemetry())));
