import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextAreaField } from '../text-area-field/text-area-field';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels its input', () => {
    render(<TextField label="Phone name" name="name" />);
    expect(screen.getByRole('textbox', { name: 'Phone name' })).toHaveAttribute('name', 'name');
  });

  it('shows an error tied to the input and marks it invalid', () => {
    const { rerender } = render(<TextField label="Email" hint="We never share it" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it');

    rerender(<TextField label="Email" hint="We never share it" error="Enter a valid email" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email We never share it');
    expect(screen.getByText('Enter a valid email')).toBeVisible();

    rerender(<TextField label="Email" hint="We never share it" />);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
  });

  it('keeps a describedby the caller set', () => {
    render(
      <>
        <p id="rules">At least 8 characters</p>
        <TextField label="Password" type="password" aria-describedby="rules" error="Too short" />
      </>,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Too short At least 8 characters');
  });

  it('works uncontrolled, register()-style: ref, name and onChange', async () => {
    const onChange = vi.fn();
    let element: HTMLInputElement | null = null;
    render(<TextField label="City" name="city" onChange={onChange} ref={(node) => void (element = node)} />);
    await userEvent.type(screen.getByLabelText('City'), 'Dhaka');
    expect(element).toBe(screen.getByLabelText('City'));
    expect(element!.value).toBe('Dhaka');
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('works controlled', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return <TextField label="Model" value={value} onChange={(event) => setValue(event.target.value.toUpperCase())} />;
    }
    render(<Controlled />);
    await userEvent.type(screen.getByLabelText('Model'), 'a52');
    expect(screen.getByLabelText('Model')).toHaveValue('A52');
  });
});

describe('TextAreaField', () => {
  it('labels its textarea and ties the error to it', () => {
    render(<TextAreaField label="Description" error="Tell buyers about the phone" />);
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription('Tell buyers about the phone');
  });
});
