import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// jsdom has no showModal: these check what the app does around the browser's dialog (which dialog opens, what asks to
// close it, where focus goes); Escape is the browser's cancel event (test/dialog-escape.ts). What only a browser does
// (the page behind inert, focus kept inside, toasts above the dialog) is checked in Chromium by the e2e journeys.
function EditPrice({ onClose = () => {}, withField = true, busy = false }: { onClose?: () => void; withField?: boolean; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    if (!busy) setOpen(false);
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
  return screen.getByRole('dialog', { name: 'Edit price' }) as HTMLDialogElement;
};

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<EditPrice />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the browser's <dialog> in a portal, named by its title, with focus on the first field", async () => {
    const { container } = render(<EditPrice />);
    const dialog = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(container).not.toContainElement(dialog);
    expect(screen.getByRole('textbox', { name: 'Resale price' })).toHaveFocus();
  });

  it('focuses the footer when the content has nothing to focus, and the element it is told to when told', async () => {
    render(<EditPrice withField={false} />);
    await openDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    function Told() {
      const save = useRef<HTMLButtonElement>(null);
      return (
        <Modal open title="Sold" onClose={() => {}} initialFocusRef={save} footer={<button ref={save}>Keep</button>}>
          <input aria-label="Note" />
        </Modal>
      );
    }
    render(<Told />);
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
  });

  it('asks to close on Escape (keeping the choice: it cancels the browser’s own close) and gives focus back', async () => {
    const onClose = vi.fn();
    render(<EditPrice onClose={onClose} />);
    const dialog = await openDialog();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    let cancelled: boolean | undefined;
    dialog.addEventListener('cancel', (event) => (cancelled = event.defaultPrevented), { once: true });
    act(() => void dialog.dispatchEvent(escape));
    expect(cancelled).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit price' })).toHaveFocus();
  });

  it('asks to close on the × and on a press on the backdrop, but not on a press inside or a drag out of it', async () => {
    const onClose = vi.fn();
    render(<EditPrice onClose={onClose} />);
    let dialog = await openDialog();
    // jsdom lays nothing out: the dialog's box is 0×0 at the corner, so any point past it is its backdrop.
    await userEvent.click(screen.getByRole('textbox', { name: 'Resale price' }));
    fireEvent.mouseDown(screen.getByRole('textbox', { name: 'Resale price' }));
    fireEvent.click(dialog, { clientX: 50, clientY: 50, detail: 1 });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.mouseDown(dialog, { clientX: 50, clientY: 50 });
    fireEvent.click(dialog, { clientX: 50, clientY: 50, detail: 1 });
    expect(onClose).toHaveBeenCalledTimes(1);

    dialog = await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the browser closes it regardless, tells the app, and shows it again if the app keeps it (busy saving)', async () => {
    const onClose = vi.fn();
    render(<EditPrice onClose={onClose} busy />);
    const dialog = await openDialog();
    act(() => {
      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    await act(() => new Promise(requestAnimationFrame));
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Edit price' })).toBe(dialog);
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
