/** The URL of antd's stylesheet for the app's theme, made by the build (vite.config.ts). */
declare module 'virtual:antd-css' {
  const href: string;
  export default href;
}

/** antd's style-cache entries for the app's theme, made by the build (vite.config.ts). */
declare module 'virtual:antd-style-cache' {
  const entries: [key: string, value: unknown[]][];
  export default entries;
}
