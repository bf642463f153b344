import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setSession } from '@phonehaat/shared-auth/testing';
import { Navbar } from './navbar';

const nav = () =>
  render(
    <MemoryRouter>
      <Navbar />
    </MemoryRouter>,
  );

describe('the navbar', () => {
  it('offers Login and Register to visitors', () => {
    setSession('signed-out');
    nav();
    expect(screen.getByRole('link', { name: /PhoneHaat/ })).toHaveAttribute('href', '/');
    for (const name of ['Home', 'Blog', 'Login', 'Register']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('offers Dashboard and Sign out to signed-in users', () => {
    setSession({ role: 'Buyer' });
    nav();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
