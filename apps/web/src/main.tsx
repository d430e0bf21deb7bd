// Two weights only: text at 600 (antd's "strong") renders with the 700 face by CSS font matching,
// and the login page's fonts + CSS stay under 50 KiB.
import '@fontsource/raleway/latin-400.css';
import '@fontsource/raleway/latin-700.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installZodMessages } from '@portal/domain/zod-messages';
import { ApiRequestError, setUnauthorizedHandler } from './lib/api-client';
import { endSession } from './lib/logout';
import { loadPublicSettings } from './lib/public-settings';
import { reportUnhandled, startMonitoring } from './lib/monitoring';
import { analyticsScriptSrc, loadAnalytics } from './lib/analytics';
import { installFatalErrorHandler } from './lib/fatal-errors';
import { router } from './app/router';
import { App } from './app/app';

installZodMessages();

// docs/product/api.md: any 401 clears local storage, calls logout and goes to /.
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

// docs/product/routes-and-guards.md: fatal or unhandled errors route to the generic error screen (browser noise aside).
installFatalErrorHandler({
  isRequestError: (value) => value instanceof ApiRequestError,
  analyticsSrc: analyticsScriptSrc,
  currentPath: () => router.state.location.pathname,
  showErrorScreen: (message) => void router.navigate('/error', { state: { message } }),
  reportEarly: reportUnhandled,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Public settings are read at run time, without holding the first render (docs/product/monitoring.md): monitoring
// and analytics start only if they say so.
void loadPublicSettings().then((settings) => {
  loadAnalytics(settings);
  return startMonitoring(settings, router);
});
