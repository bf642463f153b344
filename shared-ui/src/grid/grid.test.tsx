import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Container } from '../container/container';
import { PageHeader } from '../page-header/page-header';
import { Grid } from './grid';

describe('Grid', () => {
  it('as a list keeps list semantics, so screen readers count the cards', () => {
    render(
      <Grid as="ul" aria-label="Phones">
        <li>Galaxy A52</li>
        <li>iPhone 12</li>
      </Grid>,
    );
    const list = screen.getByRole('list', { name: 'Phones' });
    expect(list.tagName).toBe('UL');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('is a plain block by default', () => {
    render(<Grid data-testid="grid" />);
    expect(screen.getByTestId('grid').tagName).toBe('DIV');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('PageHeader in a Container', () => {
  it('gives the page its h1, subtitle and actions', () => {
    render(
      <Container as="main">
        <PageHeader title="My phones" subtitle="3 listed" actions={<button type="button">Add a phone</button>} />
      </Container>,
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My phones' })).toBeInTheDocument();
    expect(screen.getByText('3 listed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a phone' })).toBeInTheDocument();
  });
});
