import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
import styleCacheEntries from 'virtual:antd-style-cache';
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

/**
 * antd's style cache, started with the theme token and component tokens the build computed for this
 * theme (docs/decisions/065-antd-token-at-build-time.md): the first components to draw find them
 * instead of computing them, and add no `<style>` of CSS variables the stylesheet already has. Each
 * entry counts one holder from the start, so it stays when the last component using it goes.
 */
const styleCache = createCache();
for (const [key, value] of styleCacheEntries) styleCache.opUpdate(key, () => [1, value]);

export function App() {
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={ptBR} theme={APP_THEME} {...COMPONENT_CONFIG}>
        <AntApp message={MESSAGE_CONFIG}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StyleProvider>
  );
}
