import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReleasePoint, ReleaseSeries } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi, type RecordedCall } from '@phonehaat/shared-data/testing';
import ReleasesPage from './releases-page';

const point = (at: string, release: string, views: number, errors: number, lcpP75: number | null, inpP75: number | null): ReleasePoint => ({
  at,
  release,
  views,
  errors,
  errorRate: views ? errors / views : null,
  lcpP75,
  lcpSamples: views,
  inpP75,
  inpSamples: views,
});
const series = (remote: string): ReleaseSeries => ({
  remote: remote as ReleaseSeries['remote'],
  from: '2026-11-25T06:00:00.000Z',
  to: '2026-11-25T12:00:00.000Z',
  stepMinutes: 5,
  points:
    remote === 'storefront'
      ? [
          point('2026-11-25T10:00:00.000Z', 'aaaaaaaaaaaa', 400, 4, 1800, 96),
          point('2026-11-25T10:05:00.000Z', 'aaaaaaaaaaaa', 380, 2, 1900, 104),
          point('2026-11-25T10:05:00.000Z', 'bbbbbbbbbbbb', 40, 40, null, null),
        ]
      : [],
  markers:
    remote === 'storefront'
      ? [
          { at: '2026-11-25T10:04:00.000Z', action: 'canary', release: 'bbbbbbbbbbbb', by: 'Rina (storefront team)' },
          { at: '2026-11-25T10:06:00.000Z', action: 'cancel-canary', release: 'bbbbbbbbbbbb', by: 'deployer (auto canary)', reason: 'error rate 100% (40/40 views) against 0.8% (6/780 views) live' },
        ]
      : [],
  markersKnown: remote === 'storefront',
  live: 'aaaaaaaaaaaa',
  canary: null,
});
let calls: RecordedCall[];

beforeEach(() => {
  setSession({ role: 'admin' });
  calls = mockApi({ 'GET /admin/releases': ({ url }) => series(new URL(url, 'http://api.test').searchParams.get('remote')!) });
});

const renderPage = (at = '/dashboard/releases') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <ReleasesPage />
    </MemoryRouter>,
  );

describe('Releases', () => {
  it("draws the storefront's releases with a table of the same figures, and the deployer's rollback with its reason", async () => {
    renderPage();
    const totals = await screen.findByTestId('release-totals');
    const [live, canary] = within(totals).getAllByRole('row').slice(1);
    expect(live).toHaveTextContent('aaaaaaaaaaaa live');
    expect(live).toHaveTextContent('780');
    expect(live).toHaveTextContent('0.8%');
    expect(live).toHaveTextContent('1,900 ms');
    expect(live).toHaveTextContent('104 ms');
    expect(canary).toHaveTextContent('bbbbbbbbbbbb earlier');
    expect(canary).toHaveTextContent('100%');
    expect(screen.getByRole('img', { name: 'Error rate per release over the last 6 hours; the same figures are in the tables below' })).toBeInTheDocument();
    expect(screen.getByTestId('release-now')).toHaveTextContent('Live for everyone: aaaaaaaaaaaa.');
    const history = screen.getByTestId('release-history');
    expect(history).toHaveTextContent('Canary cancelled: bbbbbbbbbbbb · deployer (auto canary)');
    expect(history).toHaveTextContent('error rate 100% (40/40 views) against 0.8% (6/780 views) live');
    expect(calls.map((call) => call.url)).toEqual(['/admin/releases?remote=storefront&hours=6']);
  });

  it('follows the slice and the time chosen, and says when nothing was measured and the history is unknown', async () => {
    renderPage();
    await screen.findByTestId('release-totals');
    await userEvent.selectOptions(screen.getByLabelText('Slice'), 'Inbox');
    expect(await screen.findByText('Nothing measured yet')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Time'), 'Last 7 days');
    await screen.findByText('Nothing measured yet');
    expect(calls.map((call) => call.url).slice(-2)).toEqual(['/admin/releases?remote=inbox&hours=6', '/admin/releases?remote=inbox&hours=168']);
  });
});
