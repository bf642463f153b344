import type { RumRemote } from '@phonehaat/shared-api';
import { api, useApi } from '@phonehaat/shared-data';

/** One slice's releases over the last hours, as visitors' browsers measured them (issue 29). */
export const getReleaseSeries = (remote: RumRemote, hours: number) => api.getReleaseSeries({ query: { remote, hours } });

export const useReleaseSeries = (remote: RumRemote, hours: number) => useApi(() => getReleaseSeries(remote, hours), [remote, hours]);
