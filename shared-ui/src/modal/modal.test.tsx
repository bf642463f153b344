import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function EditPrice({ onClose = () => {}, withField = true }: { onClose?: () => void; withField?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit price
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Edit price"
        footer={
          <>
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="button">Save</button>
            {/* Focusable by script only: Tab must skip it. */}
            <span tabIndex={-1}>Draft saved</span>
          </>
        }
      >
        {withField ? <input aria-label="Resale price" /> : <p>Nothing to change.</p>}
      </Modal>
      <button type="button">Outside</button>
    </>
  );
}

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Edit price' }));
  return screen.getByRole('dialog', { name: 'Edit price' });
};

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<EditPrice />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a modal dialog in a portal, named by its title, with focus on the first field', async () => {
    const { container } = render(<EditPrice />);
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(screen.getByRole('textbox', { name: 'Resale price' })).toHaveFocus();
  });

  it('focuses the footer when the content has nothing to focus, and the dialog itself when nothing has', async () => {
    render(<EditPrice withField={false} />);
    await openDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    render(
      <Modal open title="Sold" onClose={() => {}}>
        <p>This phone has been sold.</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Sold' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<EditPrice />);
    await openDialog();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Resale price' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const save = screen.getByRole('button', { name: 'Save' });
    const close = screen.getByRole('button', { name: 'Close' });

    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // wrapped to the top, not out to "Outside"
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus(); // wrapped to the bottom, not back to "Edit price"
  });

  it('closes on Escape and returns focus to the button that opened it', async () => {
    const onClose = vi.fn();
    render(<EditPrice onClose={onClose} />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit price' })).toHaveFocus();
  });

  it('closes on the × button and on a backdrop click, but not on a click inside', async () => {
    const onClose = vi.fn();
    render(<EditPrice onClose={onClose} />);
    let dialog = await openDialog();
    await userEvent.click(screen.getByRole('textbox', { name: 'Resale price' }));
    await userEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);

    dialog = await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks page scroll while open', async () => {
    document.body.style.overflow = 'scroll';
    render(<EditPrice />);
    await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('with a dialog opened over another, Escape closes only the top one', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} title="Outer" onClose={() => setOuter(false)}>
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
          <Modal open={inner} title="Inner" onClose={() => setInner(false)}>
            <button type="button">Inside inner</button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inside inner' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
