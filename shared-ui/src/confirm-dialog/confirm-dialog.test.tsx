import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

const setup = (props: Partial<ConfirmDialogProps> = {}) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const utils = render(
    <ConfirmDialog
      open
      title="Delete this phone?"
      message="Buyers will no longer see it."
      confirmLabel="Delete"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel, ...utils };
};

describe('ConfirmDialog', () => {
  it('asks with the title and message', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Delete this phone?' });
    expect(dialog).toHaveAccessibleDescription('Buyers will no longer see it.');
  });

  it('puts the initial focus on Cancel, even when the message has a link before it', () => {
    setup({
      message: (
        <p>
          Buyers will no longer see it. <a href="/help/listings">How listings work</a>
        </p>
      ),
    });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('calls onConfirm when confirmed, and only then', async () => {
    const { onConfirm, onCancel } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('calls onCancel from Cancel, Escape and Enter on the focused Cancel', async () => {
    const { onConfirm, onCancel } = setup();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('while busy shows progress and cannot be dismissed', async () => {
    const { onConfirm, onCancel } = setup({ busy: true });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('with a reason to give: focuses it, refuses one too short, and passes the trimmed reason on', async () => {
    const user = userEvent.setup();
    const { onConfirm } = setup({ reason: { label: 'Why?', maxLength: 500, tooShort: 'Say why in a few words.' } });
    const field = screen.getByRole('textbox', { name: 'Why?' });
    expect(field).toHaveFocus();
    await user.type(field, ' a ');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(field).toHaveAccessibleDescription('Say why in a few words.');
    await user.type(field, 'stolen phone ');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith('a stolen phone');
  });

  it("shows the API's refusal under the reason", () => {
    setup({ reason: { label: 'Why?', maxLength: 500, tooShort: 'Say why.' }, error: 'This phone is no longer blocked.' });
    expect(screen.getByRole('textbox', { name: 'Why?' })).toHaveAccessibleDescription('This phone is no longer blocked.');
  });
});
