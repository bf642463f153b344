import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';
import { ToastHost } from './toast-host';

// react-toastify closes a toast when its progress bar's CSS animation ends, so autoClose shows up as that duration.
const timerOf = (toast: HTMLElement) => toast.querySelector<HTMLElement>('[role="progressbar"]')?.style.animationDuration;

describe('notify and ToastHost', () => {
  it('shows a success politely for 2 seconds', async () => {
    render(<ToastHost />);
    act(() => notify.success('Phone added'));
    const toast = (await screen.findByText('Phone added')).closest<HTMLElement>('[role="status"]');
    expect(toast).not.toBeNull();
    expect(timerOf(toast!)).toBe('2000ms');
  });

  it('shows an error as an alert for 4 seconds', async () => {
    render(<ToastHost />);
    act(() => notify.error('Payment failed'));
    const toast = (await screen.findByText('Payment failed')).closest<HTMLElement>('[role="alert"]');
    expect(toast).not.toBeNull();
    expect(timerOf(toast!)).toBe('4000ms');
  });

  it('shows info politely', async () => {
    render(<ToastHost />);
    act(() => notify.info('Booking saved as draft'));
    expect((await screen.findByText('Booking saved as draft')).closest('[role="status"]')).not.toBeNull();
  });

  it('shows at most three at once, newest on top', async () => {
    render(<ToastHost />);
    act(() => {
      for (const n of [1, 2, 3, 4]) notify.info(`Message ${n}`);
    });
    await screen.findByText('Message 3');
    const shown = screen.getAllByText(/^Message \d$/).map((element) => element.textContent);
    expect(shown).toEqual(['Message 3', 'Message 2', 'Message 1']);
  });

  it('loads the library with the first toast, and it brings its own stylesheet', async () => {
    render(<ToastHost />);
    act(() => notify.success('First toast'));
    await screen.findByText('First toast');
    const styles = Array.from(document.head.querySelectorAll('style')).map((style) => style.textContent ?? '');
    expect(styles.some((css) => css.includes('.Toastify__toast-container'))).toBe(true);
  });
});
