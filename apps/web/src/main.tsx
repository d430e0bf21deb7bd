// Two weights only: text at 600 (antd's "strong") renders with the 700 face by CSS font matching,
// and the login page's fonts + CSS stay under 50 KiB.
import '@fontsource/raleway/latin-400.css';
import '@fontsource/raleway/latin-700.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installZodMessages } from '@portal/domain/zod-messages';
import { setUnauthorizedHandler } from './lib/api-client';
import { endSession } from './lib/logout';
import { loadPublicSettings } from './lib/public-settings';
import { startMonitoring } from './lib/monitoring';
import { loadAnalytics } from './lib/analytics';
import { router } from './app/router';
import { App } from './app/app';

installZodMessages();

// Spec §8: any 401 clears local storage, calls logout and goes to /.
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Public settings are read at run time, without holding the first render (spec §7): monitoring
// and analytics start only if they say so.
void loadPublicSettings().then((settings) => {
  loadAnalytics(settings);
  return startMonitoring(settings, router);
});
