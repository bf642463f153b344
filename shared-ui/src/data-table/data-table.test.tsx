import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
    // It may scroll sideways on a phone: its frame is a region named by the caption that the keyboard reaches.
    const frame = screen.getByRole('region', { name: 'Your sales' });
    expect(frame).toContainElement(table);
    expect(frame).toHaveAttribute('tabindex', '0');
  });

  it('as cards: labels each cell for a phone, keeps a row\'s buttons unlabelled, and can caption for screen readers only', () => {
    render(
      <DataTable
        variant="cards"
        caption="Blocked phones, page 1"
        captionHidden
        rows={sales}
        rowKey={(sale) => sale.id}
        rowTestId="sale-row"
        columns={[
          { key: 'phone', header: 'Phone', label: 'Phone', untranslated: true, cell: (sale) => sale.phone },
          { key: 'actions', header: 'Actions', cell: () => <button type="button">Unblock</button> },
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Blocked phones, page 1' })).toBeInTheDocument();
    const [first] = screen.getAllByTestId('sale-row');
    const [phone, actions] = within(first!).getAllByRole('cell');
    expect(phone).toHaveAttribute('data-label', 'Phone');
    expect(phone).toHaveAttribute('translate', 'no');
    expect(actions).not.toHaveAttribute('data-label');
    // Cards do not scroll sideways: no extra stop for the keyboard.
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  describe('wider than the screen (issue 65)', () => {
    const widths = Object.getOwnPropertyDescriptors(HTMLElement.prototype);
    afterEach(() => {
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', widths.scrollWidth ?? { configurable: true, value: 0 });
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', widths.clientWidth ?? { configurable: true, value: 0 });
      delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    });
    const table = () =>
      render(<DataTable caption="Your sales" rows={sales} rowKey={(sale) => sale.id} columns={[{ key: 'phone', header: 'Phone', cell: (sale) => sale.phone }]} />);
    const measuring = (scrollWidth: number) => {
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scrollWidth });
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 328 });
      globalThis.ResizeObserver = class {
        observe() {}
        disconnect() {}
        unobserve() {}
      } as unknown as typeof ResizeObserver;
    };

    it('says that it scrolls sideways', () => {
      measuring(610);
      table();
      expect(screen.getByText('Scroll sideways to see every column →')).toBeInTheDocument();
    });

    it('says nothing when it fits', () => {
      measuring(328);
      table();
      expect(screen.queryByText(/Scroll sideways/)).not.toBeInTheDocument();
    });
  });
});
