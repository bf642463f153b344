// One Vite configuration for every federated app: the shell (host) and the four remotes.
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';
import { publicEnvDefine } from './public-env.js';
import { sharedSingletons } from './shared.js';

export interface FederatedApp {
  name: 'shell' | 'storefront' | 'buyer' | 'seller' | 'admin';
  port: number;
  /** A remote's public face: page components only. */
  exposes?: Record<string, string>;
}

/** remoteEntry.js and the manifest must never be cached: a redeploy is picked up at the next load. */
const noCacheForEntries = (): Plugin => {
  const noCache = (url = '') => /(remoteEntry\.js|remotes\.json|mf-manifest\.json)(\?|$)/.test(url);
  const middleware = (req: { url?: string }, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (noCache(req.url)) res.setHeader('Cache-Control', 'no-cache');
    next();
  };
  return {
    name: 'phonehaat:no-cache-entries',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
};

export function federatedApp({ name, port, exposes }: FederatedApp): UserConfig {
  const isHost = name === 'shell';
  return {
    plugins: [
      react(),
      federation({
        name,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
        shared: sharedSingletons,
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      noCacheForEntries(),
    ],
    define: publicEnvDefine(),
    // A remote's chunks resolve against its remoteEntry.js, wherever the manifest says it lives.
    base: isHost ? '/' : './',
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true, cors: true },
    build: { target: 'es2022', sourcemap: true, modulePreload: false },
    css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: `${name}_[local]_[hash:base64:5]` } },
  };
}
