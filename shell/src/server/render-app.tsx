// The shell's server render (decision 019): the whole app for an address, as one React tree (the shell's own route
// table, layout and guards, with the remote's page in its slot: render-page.tsx), rendered with the route loaders' data
// so the browser hydrates it where it stands. The remote's page comes through Module Federation's runtime in Node: each release's
// server entry (remoteEntry.ssr.js, built beside its browser entry) is loaded by @module-federation/vite's SSR entry
// loader and shares this process's React, router, zustand and shared-* singletons, as the browser's remotes share the
// shell's. Built for Node as dist/server/app.mjs (tools/federation/vite.ts) and used by shell/server/compose.ts.
import { fileURLToPath } from 'node:url';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactRouterDom from 'react-router-dom';
import * as zustand from 'zustand';
import { createInstance, type ModuleFederation, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import ssrEntryLoaderPlugin from '@module-federation/vite/ssrEntryLoader';
import type { ServerSession } from '@phonehaat/shared-api/server-session';
import * as sharedAuth from '@phonehaat/shared-auth';
import * as sharedData from '@phonehaat/shared-data';
import * as sharedUi from '@phonehaat/shared-ui';
import type { RemoteSource } from '../federation/load-remote-module';
import type { RemotePage } from '../app/route-remotes';
import type { RemoteName } from '../federation/manifest';
import { HYDRATION_SCRIPT_ID } from './hydration';
import { renderPage } from './render-page';
import { scriptJson } from './script-json';

declare const __PHONEHAAT_SHARED__: Record<string, { version: string; requiredVersion: string }>;

export interface AppRenderRequest {
  url: string;
  /** This visitor's manifest (remote → browser remoteEntry.js), as their browser reads it. */
  manifest: Record<string, string>;
  /** The server entries of the remotes that have one (remote → remoteEntry.ssr.js). */
  serverEntries: Partial<Record<RemoteName, string>>;
  /** The pages the manifest's releases publish (shell/server/release-pages.ts): the route table this page is in. */
  pages: readonly RemotePage[];
  /** Absent: a visitor. */
  session?: ServerSession;
}

export interface AppRender {
  /** The markup of #root. */
  html: string;
  /** The script element that goes beside #root: what the browser hydrates with (hydration.ts). */
  data: string;
  /** The HTTP status the page's loaders gave (200, or 410 for a removed phone's page). */
  status: number;
}


// The singletons this process provides to the remotes' server code, as the shell's browser build provides its own.
const modules: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-router-dom': ReactRouterDom,
  zustand,
  '@phonehaat/shared-auth': sharedAuth,
  '@phonehaat/shared-data': sharedData,
  '@phonehaat/shared-ui': sharedUi,
};
const versions = { ...__PHONEHAAT_SHARED__, 'react/jsx-runtime': __PHONEHAAT_SHARED__.react! };
// A singleton the build shares but this process does not provide would leave every remote's server code without it, and
// every page uncomposed, silently (the data layer's package, when it was added, was): refuse to start instead.
const unprovided = Object.keys(versions).filter((name) => !(name in modules));
if (unprovided.length) throw new Error(`the shell's server provides no ${unprovided.join(', ')} to the remotes' server code (render-app.tsx)`);
const shared = Object.fromEntries(
  Object.entries(versions).map(([name, { version, requiredVersion }]) => [
    name,
    { version, scope: 'default', lib: () => modules[name], shareConfig: { singleton: true, requiredVersion } },
  ]),
);
// A remote's server entry imports the federation runtime and React's JSX runtime by name: this process's own.
const resolvedShared = {
  '@module-federation/runtime': fileURLToPath(import.meta.resolve('@module-federation/runtime')),
  'react/jsx-runtime': fileURLToPath(import.meta.resolve('react/jsx-runtime')),
};

// One federation instance per release's server entry (a release's address never changes content): requests on a
// canary and on the live release, rendered at once, each load their own.
const instances = new Map<string, ModuleFederation>();
function federationFor(remote: RemoteName, serverEntry: string): ModuleFederation {
  let instance = instances.get(serverEntry);
  if (!instance) {
    instance = createInstance({
      name: `shell-server-${instances.size}`,
      remotes: [{ name: remote, entry: serverEntry, type: 'module' }],
      shared,
      // Its declared types lag the runtime's: its loadEntry returns a remote entry's exports, as the runtime expects.
      // The loader's default strategy ("temp-file"): each module is written beside the others and imported by Node,
      // its shared imports rewritten to this instance's share scope. It needs no experimental Node flag; since
      // @module-federation/vite 1.23.1 (#1365) it ignores import-like text in strings, as a blog article's code sample
      // (decision 031, superseding 019's "vm" and 030).
      plugins: [ssrEntryLoaderPlugin({ resolvedShared }) as ModuleFederationRuntimePlugin],
    });
    instances.set(serverEntry, instance);
  }
  return instance;
}

function requestSource({ manifest, serverEntries }: AppRenderRequest): RemoteSource {
  const loaded = new Map<string, unknown>();
  return {
    entry: (remote) => manifest[remote],
    async load<T>(remote: RemoteName, module: string): Promise<T> {
      const serverEntry = serverEntries[remote];
      if (!serverEntry) throw new Error(`${remote} has no server entry`);
      const page = await federationFor(remote, serverEntry).loadRemote<T>(`${remote}/${module}`);
      if (!page) throw new Error(`${remote}/${module} is empty`);
      loaded.set(`${remote}/${module}`, page);
      return page;
    },
    loaded: <T,>(remote: RemoteName, module: string) => loaded.get(`${remote}/${module}`) as T | undefined,
  };
}

export { pageForPath } from '../app/route-remotes';

/** The app at this address (render-page.tsx) with this request's releases, and the data script that goes beside it. */
export async function renderApp(request: AppRenderRequest): Promise<AppRender | undefined> {
  const rendered = await renderPage({ url: request.url, source: requestSource(request), pages: request.pages, session: request.session });
  if (!rendered) return undefined;
  const data = { ...rendered.data, manifest: request.manifest };
  return { html: rendered.html, data: `<script type="application/json" id="${HYDRATION_SCRIPT_ID}">${scriptJson(data)}</script>`, status: rendered.status };
}
