import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CourierSettlement, MoneyOverview, PaymentReview } from '@phonehaat/shared-api';
import { setSession } from '@phonehaat/shared-auth/testing';
import { mockApi } from '@phonehaat/shared-data/testing';
import { ToastHost } from '@phonehaat/shared-ui';
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
      'GET /admin/payment-reviews': [],
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
      'GET /admin/payment-reviews': [],
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

describe('Money: payments held for review (issue 69)', () => {
  const held: PaymentReview = {
    _id: '0b9a4f5e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    bookingId: '1c9a4f5e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    productName: 'Galaxy A54 128GB',
    buyerName: 'Nusrat Jahan',
    method: 'sslcommerz',
    reason: 'risky',
    amount: 21000,
    transactionId: '2612021234ABCD',
    createdAt: '2026-12-02T08:00:00.000Z',
  };

  it('lists what waits and why, accepts one once, reads the list and the figures again, and says when a decision failed', async () => {
    setSession({ role: 'admin' });
    let waiting = [held, { ...held, _id: '2d9a4f5e-1c2d-4e3f-8a9b-0c1d2e3f4a5b', productName: 'Redmi Note 13', reason: 'mismatch' as const }];
    const calls = mockApi({
      'GET /admin/money': () => overview(),
      'GET /admin/payment-reviews': () => waiting,
      [`POST /admin/payment-reviews/${held._id}`]: () => {
        waiting = waiting.filter((review) => review._id !== held._id);
        return { outcome: 'paid' };
      },
      'POST /admin/payment-reviews/2d9a4f5e-1c2d-4e3f-8a9b-0c1d2e3f4a5b': [409, { message: 'This payment has been decided already' }],
    });
    // The shell's toasts, where a decision's outcome is said.
    render(<ToastHost />);
    show();
    const panel = await screen.findByRole('region', { name: 'Payments held for review (2)' });
    const first = within(panel).getAllByTestId('held-payment')[0]!;
    expect(first).toHaveTextContent('Galaxy A54 128GB · Tk 21,000 · Nusrat Jahan');
    expect(first).toHaveTextContent('SSLCommerz marked it risky · 2612021234ABCD');
    // The provider's reference as it wrote it, never localised (a Bangla page keeps its Latin digits for copying).
    expect(within(first).getByText('2612021234ABCD')).toHaveAttribute('translate', 'no');
    expect(within(panel).getAllByTestId('held-payment')[1]).toHaveTextContent("SSLCommerz's confirmation did not match the payment");

    await userEvent.click(within(panel).getByRole('button', { name: 'Accept the payment for Galaxy A54 128GB' }));
    expect(await screen.findByText('Accepted: Galaxy A54 128GB is paid.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Payments held for review (1)' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([expect.objectContaining({ body: { decision: 'accept' } })]);
    // Both the list and the ledger's figures are read again.
    expect(calls.filter((call) => call.method === 'GET' && call.url.startsWith('/admin/money')).length).toBeGreaterThan(1);

    await userEvent.click(screen.getByRole('button', { name: 'Refund in full the payment for Redmi Note 13' }));
    expect(await screen.findByText('This payment has been decided already')).toBeInTheDocument();
  });
});
