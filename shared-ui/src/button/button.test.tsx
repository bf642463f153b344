import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';

describe('Button', () => {
  it('is a real button that does not submit forms by default', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while loading is busy and disabled, and ignores clicks', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Pay now</Button>);
    const button = screen.getByRole('button', { name: 'Pay now' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');

    rerender(
      <Button onClick={onClick} loading>
        Pay now
      </Button>,
    );
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('passes native props through, ref included', () => {
    let element: HTMLButtonElement | null = null;
    render(
      <Button type="submit" name="intent" value="delete" ref={(node) => void (element = node)}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'intent');
    expect(element).toBe(button);
  });

  it('buttonClass gives each variant and size its own look', () => {
    expect(buttonClass()).toBe(buttonClass('primary', 'md'));
    expect(buttonClass('danger')).not.toBe(buttonClass('primary'));
    expect(buttonClass('primary', 'sm')).not.toBe(buttonClass('primary', 'md'));
    render(<Button variant="ghost">Ghost</Button>);
    expect(screen.getByRole('button', { name: 'Ghost' })).toHaveClass(...buttonClass('ghost').split(' '));
  });
});
