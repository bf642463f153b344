import { createContext, useContext } from 'react';
import type { RemotePage } from './route-remotes';

/**
 * The pages the live releases publish, for what lists them (the dashboard's menu): each server render provides its
 * request's own (a canary's visitors see its pages), the browser's app the list it was started with (app-root.tsx).
 */
export const RemotePagesContext = createContext<readonly RemotePage[]>([]);
export const useRemotePages = (): readonly RemotePage[] => useContext(RemotePagesContext);
