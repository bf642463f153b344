// The releases' real-user figures, from the API that stores them (GET /rum/releases, issue 29), for the deployer.
import { ReleaseFiguresList } from '@phonehaat/shared-api';
import type { FiguresSource } from './deployer.js';

export function rumFigures(apiUrl: string, token: string): FiguresSource {
  return async (remote, releases, since) => {
    const query = new URLSearchParams({ remote, releases: releases.join(','), since: since.toISOString() });
    const response = await fetch(`${apiUrl}/rum/releases?${query.toString()}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`${apiUrl} answered ${response.status} for the figures`);
    const { releases: figures } = ReleaseFiguresList.parse(await response.json());
    return releases.map((release) => figures.find((item) => item.release === release) ?? { release, views: 0, errors: 0, errorRate: null, lcpP75: null, lcpSamples: 0, inpP75: null, inpSamples: 0 });
  };
}
