import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { COMPONENT_CONFIG } from './component-config';
import { theme } from './theme';

/** Toasts open below the 56 px navigation bar, never over its back and home buttons. */
const MESSAGE_CONFIG = { top: 64, maxCount: 2 } as const;

/** antd draws with the stylesheet the build computed from this theme (lib/antd-css.ts), not at run time. */
const APP_THEME = { ...theme, zeroRuntime: true };

export function App() {
  return (
    <ConfigProvider locale={ptBR} theme={APP_THEME} {...COMPONENT_CONFIG}>
      <AntApp message={MESSAGE_CONFIG}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
