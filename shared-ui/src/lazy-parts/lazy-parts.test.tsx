// Parts loaded when first shown: a placeholder in a browser until they come; whole in a server's render once loaded
// (the shell's server loads them first); a failed load is tried again.
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyParts } from './lazy-parts';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const Farewell = ({ name }: { name: string }) => <p>Goodbye {name}</p>;

describe('lazyParts', () => {
  it('shows a placeholder of the part’s height in a browser until the parts have loaded, then the part', async () => {
    const { part } = lazyParts(() => Promise.resolve({ Greeting }));
    const Part = part('Greeting', (module) => module.Greeting, 120);
    const { container } = render(<Part name="Rahim" />);
    expect(container.querySelector('[aria-hidden="true"]')).toHaveStyle({ height: '120px' });
    expect(await screen.findByText('Hello Rahim')).toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('holds no place for a part that shows nothing until asked (a closed dialog), and shows it once loaded', async () => {
    const { part } = lazyParts(() => Promise.resolve({ Greeting }));
    const Part = part('Greeting', (module) => module.Greeting, 0);
    const { container } = render(<Part name="Salma" />);
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('Hello Salma')).toBeInTheDocument();
  });

  it('renders the part whole on a server once loaded, with no placeholder', async () => {
    const { load, part } = lazyParts(() => Promise.resolve({ Farewell }));
    const Part = part('Farewell', (module) => module.Farewell, 40);
    await load();
    const html = renderToString(<Part name="Karim" />);
    expect(html).toContain('Goodbye <!-- -->Karim');
    expect(html).not.toContain('aria-hidden');
  });

  it('tries a failed load again when asked next', async () => {
    const importParts = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Greeting });
    const { load } = lazyParts(importParts);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toEqual({ Greeting });
    expect(importParts).toHaveBeenCalledTimes(2);
  });
});
