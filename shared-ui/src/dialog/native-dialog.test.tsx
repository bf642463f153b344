import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { dialogCommand, NativeDialog } from './native-dialog';

function BookPage({ onClose = () => {}, onBook = () => {} }: { onClose?: () => void; onBook?: () => void }) {
  return (
    <>
      <Button {...dialogCommand('book', 'show-modal', onBook)}>Book Now</Button>
      <NativeDialog id="book" title="Book Galaxy S21" onClose={onClose}>
        <label>
          Phone number <input />
        </label>
        <Button {...dialogCommand('book', 'close')}>Cancel</Button>
      </NativeDialog>
    </>
  );
}

describe('NativeDialog', () => {
  it('is on the page from its server render, closed, and its button names it for the browser to open', () => {
    const html = renderToString(<BookPage />);
    expect(html).toMatch(/<button[^>]*command="show-modal"[^>]*commandfor="book"/);
    expect(html).toMatch(/<dialog id="book"[^>]*aria-labelledby=/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
  });

  it('opens from its button where the browser cannot by itself, named by its title, and says why it closed', async () => {
    const onBook = vi.fn();
    const onClose = vi.fn();
    render(<BookPage onBook={onBook} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onBook).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog', { name: 'Book Galaxy S21' });
    expect(dialog).toContainElement(screen.getByLabelText('Phone number'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
