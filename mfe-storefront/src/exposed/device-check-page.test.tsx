import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CheckReportBody } from '@phonehaat/shared-api';
import { mockApi } from '@phonehaat/shared-data/testing';
import DeviceCheckPage, { loader } from './device-check-page';

const TOKEN = 'A'.repeat(43);
const session = (purpose: 'listing' | 'handover', steps: string[]) => ({ purpose, listing: { name: 'Galaxy A54 5G 8/128GB', img: '/a54.svg' }, steps, speakerDigits: '407', expiresAt: '2026-12-01T10:15:00.000Z' });
const renderPage = () => render(<RouterProvider router={createMemoryRouter([{ path: '/check/:token', element: <DeviceCheckPage />, loader }], { initialEntries: [`/check/${TOKEN}`] })} />);

describe("a phone's check in its own browser", () => {
  it('records a step the person cannot do as not tested (never passed), and sends the report once, with what the browser says of the phone', async () => {
    let sent: CheckReportBody | undefined;
    mockApi({
      [`GET /device-checks/${TOKEN}`]: session('listing', ['colours', 'vibration', 'charging']),
      [`POST /device-checks/${TOKEN}/report`]: ({ body }) => {
        sent = body as CheckReportBody;
        return [201, { purpose: 'listing', report: { _id: 'r1', testedAt: '2026-12-01T10:02:00.000Z', steps: sent.steps.map(({ step, outcome }) => ({ step, outcome })), model: null, lockOff: false, old: false, signed: true } }];
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Check Galaxy A54 5G 8/128GB on the phone itself' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start the check' }));
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the colours' }));
    for (let i = 0; i < 5; i++) await userEvent.click(screen.getByTestId('colour-fill'));
    await userEvent.click(screen.getByRole('button', { name: 'No dead pixels or lines' }));
    // jsdom has no vibration and no battery: each step says so, and "Cannot test" records it as not tested.
    expect(await screen.findByText(/cannot make the phone vibrate/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cannot test' }));
    expect(await screen.findByText(/cannot tell whether the phone charges/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cannot test' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('heading', { name: 'Tested on this phone' })).toBeInTheDocument();
    expect(sent?.steps).toEqual([
      { step: 'colours', outcome: 'passed' },
      { step: 'vibration', outcome: 'untested' },
      { step: 'charging', outcome: 'untested' },
    ]);
    expect(sent?.facts).toMatchObject({ screen: { pixelRatio: 1 }, touchPoints: 0, cameras: [] });
    expect(sent?.lockOff).toBe(false);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['✓ Colours: passed', '– Vibration: not tested', '– Charging: not tested']);
  });

  it('says an expired or used link plainly, with nothing to do on the phone', async () => {
    mockApi({ [`GET /device-checks/${TOKEN}`]: [410, { statusCode: 410, message: 'This check link was used already: make a new one on PhoneHaat' }] });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This check link was used already');
    expect(screen.queryByRole('button', { name: 'Start the check' })).not.toBeInTheDocument();
  });
});
