import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CourierSettlement, MoneyOverview } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import MoneyPage, { loader } from './money-page';

const settlement: CourierSettlement = { courier: 'pathao', invoiceId: '271126IA1B2C3D4', recordedAt: '2026-11-27T10:00:00.000Z', parcels: 2, payout: 4_443_900 };
const overview = (over: Partial<MoneyOverview> = {}): MoneyOverview => ({
  held: 0,
  owedToSellers: 0,
  paidOut: 0,
  fees: 0,
  refunded: 0,
  owedByCouriers: 4_500_000,
  courierCharges: 0,
  ledgerSum: 0,
  settlements: [],
  reconciliation: {
    checkedAt: '2026-11-27T10:00:00.000Z',
    providers: [{ method: 'pathao', checked: 2, reachable: true }],
    differences: [{ method: 'pathao', reference: settlement.invoiceId, kind: 'settlement', problem: 'report-not-recorded', ledgerAmount: null, providerAmount: null }],
  },
  ...over,
});
const report = new File(['Invoice ID,Consignment ID,Merchant Order ID,Status,Collected Amount,Delivery Fee,COD Fee,Payout\n'], 'pathao-invoice.csv', { type: 'text/csv' });

function show() {
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <MoneyPage />, loader }])} />);
}

describe('Money: the couriers’ settlements', () => {
  it('names the invoice the courier paid whose report is missing, records the uploaded report, and reads the page again', async () => {
    setSession({ role: 'admin' });
    let current = overview();
    const calls = mockApi({
      // Read again after the report, it takes a moment, as over a network.
      'GET /admin/money': async () => {
        if (current.settlements.length) await new Promise((resolve) => setTimeout(resolve, 50));
        return current;
      },
      'POST /admin/courier-settlements': () => {
        current = overview({ owedByCouriers: 0, courierCharges: 56_100, settlements: [settlement], reconciliation: { ...overview().reconciliation, differences: [] } });
        return [201, { recorded: [settlement] }];
      },
    });
    show();
    const differences = await screen.findByRole('table', { name: 'Differences' });
    expect(within(differences).getByText('paid by the courier, its report not recorded yet')).toBeInTheDocument();
    expect(within(differences).getByText('Pathao')).toBeInTheDocument();
    // Nothing chosen: said on the field, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));
    expect(await screen.findByLabelText('Settlement report (CSV)')).toHaveAccessibleDescription('Choose the settlement report (CSV)');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.upload(screen.getByLabelText('Settlement report (CSV)'), report);
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));
    expect(await screen.findByText(`Recorded: ${settlement.invoiceId}`)).toHaveAttribute('role', 'status');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ report: await report.text() });
    // The page is read again: the difference is gone, the report listed, the courier owes nothing.
    expect(await screen.findByText('The ledger agrees with every record checked.')).toBeInTheDocument();
    const recorded = screen.getByRole('table', { name: 'Settlement reports recorded' });
    expect(within(recorded).getByText(settlement.invoiceId)).toBeInTheDocument();
    expect(within(recorded).getByText('Tk 44,439')).toBeInTheDocument();
    expect(screen.getByTestId('money-courierCharges')).toHaveTextContent('Tk 561');
    // What the form said stays said while the page is read again.
    expect(screen.getByText(`Recorded: ${settlement.invoiceId}`)).toBeInTheDocument();
  });

  it('says why a report was refused, on its field, and keeps the page as it was', async () => {
    setSession({ role: 'admin' });
    mockApi({
      'GET /admin/money': () => overview(),
      'POST /admin/courier-settlements': [409, { message: `Invoice ${settlement.invoiceId} was already recorded` }],
    });
    show();
    await userEvent.upload(await screen.findByLabelText('Settlement report (CSV)'), report);
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));
    const field = screen.getByLabelText('Settlement report (CSV)');
    expect(await screen.findByText(`Invoice ${settlement.invoiceId} was already recorded`)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByText('paid by the courier, its report not recorded yet')).toBeInTheDocument();
  });
});
