import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CellNote, DataTable } from './data-table';

const sales = [
  { id: 'a', phone: 'Galaxy S21 FE', day: '25 Nov 2026', paid: 'Tk 21,000' },
  { id: 'b', phone: 'iPhone 12', day: '26 Nov 2026', paid: 'Tk 38,500' },
];

describe('DataTable', () => {
  it('is a captioned table whose row headers name their rows', () => {
    render(
      <DataTable
        caption="Your sales"
        rows={sales}
        rowKey={(sale) => sale.id}
        columns={[
          { key: 'phone', header: 'Phone', rowHeader: true, cell: (sale) => <>{sale.phone}<CellNote>{sale.day}</CellNote></> },
          { key: 'paid', header: 'Paid', cell: (sale) => sale.paid },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Your sales' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Phone', 'Paid']);
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getByRole('rowheader')).toHaveTextContent('iPhone 1226 Nov 2026');
    expect(within(second).getByRole('cell')).toHaveTextContent('Tk 38,500');
  });
});
