import type { ReleaseSeries, RumRemote } from '@phonehaat/shared-api';
import { http, useApi } from '@phonehaat/shared-auth';

/** GET /admin/releases — one slice's releases over the last hours, as visitors' browsers measured them (issue 29). */
export const getReleaseSeries = (remote: RumRemote, hours: number) => http.get<ReleaseSeries>(`/admin/releases?remote=${remote}&hours=${hours}`);

export const useReleaseSeries = (remote: RumRemote, hours: number) => useApi(() => getReleaseSeries(remote, hours), [remote, hours]);
