import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import type { SessionUser } from '@portal/domain/auth';
import { setUnauthorizedHandler } from '../lib/api-client';
import { attachRouter } from '../lib/late-router';
import { endSession } from '../lib/logout';
import { signedIn } from '../lib/signed-in';
import { queryClient } from '../lib/query-client';
import { primeSession } from '../lib/session';
import { setScreenPreloader } from '../lib/prefetch-screen';
import { router } from './router';
import { prefetchScreenFiles } from './screen-loaders';
import { App } from './app';

export interface StartOptions {
  replace?: boolean;
  state?: unknown;
  /** Who just logged in on the light login screen. */
  user?: SessionUser;
  /** GET /auth/session, already asked by the entry while the app loaded. */
  session?: Promise<SessionUser | null>;
}

let started = false;

/**
 * The whole app (router, antd, queries), a chunk of its own: the entry draws the login screen
 * without it and starts it when the person leaves that screen; every other first visit starts it
 * at once. Called again, it only navigates.
 */
export function startApp(root: Root, to?: string, options: StartOptions = {}): void {
  if (options.user) signedIn(options.user);
  if (options.session) void primeSession(queryClient, options.session);
  if (to) void router.navigate(to, { replace: options.replace, state: options.state });
  if (started) return;
  started = true;
  setScreenPreloader(prefetchScreenFiles);
  attachRouter(router);

  // Any 401 clears local storage, calls logout and goes to / (docs/product/api.md).
  let handling401 = false;
  setUnauthorizedHandler(() => {
    if (handling401) return;
    handling401 = true;
    void endSession()
      .then(() => router.navigate('/', { replace: true }))
      .finally(() => {
        handling401 = false;
      });
  });

  // A transition, so React renders the first screen in slices of a few milliseconds and yields to
  // the browser between them, instead of one long task; whatever the root shows (the light login
  // form, when the visit began there) stays until the app commits. Route changes are transitions
  // too (react-router's RouterProvider).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
