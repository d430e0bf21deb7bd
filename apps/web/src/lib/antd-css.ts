import href from 'virtual:antd-css';

let loaded: Promise<void> | null = null;

/**
 * Adds antd's stylesheet, built from the app's theme (build/antd-static-css.ts), ahead of our own
 * stylesheets so that ours still win where both style an element. Resolves once it has loaded (or
 * failed: the app then draws unstyled rather than not at all), so the app never draws without it.
 */
export function loadAntdCss(): Promise<void> {
  return (loaded ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  }));
}
