import type { RumRemote } from '@phonehaat/shared-api';
import { useApiQuery } from '@phonehaat/shared-data';

/** One slice's releases over the last hours, as visitors' browsers measured them (issue 29), from the cache. */
export const useReleaseSeries = (remote: RumRemote, hours: number) => useApiQuery('getReleaseSeries', { query: { remote, hours } });
