import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductCard, photoSrcSet, type ProductCardProps } from './product-card';
import { yearsUsedText } from './years-used';

const thisYear = new Date().getFullYear();
const phone: ProductCardProps = {
  name: 'Samsung Galaxy A52',
  img: '/images/a52.jpg',
  resalePrice: 21000,
  originalPrice: 36000,
  condition: 'Good',
  usedYear: thisYear - 2,
  location: 'Mirpur, Dhaka',
  sellerName: 'Rahim Uddin',
  sellerVerified: true,
  sellerPhoneVerified: false,
};

describe('ProductCard', () => {
  it('shows the photo, the name as a heading and the phone’s details', () => {
    render(<ProductCard {...phone} />);
    const image = screen.getByRole('img', { name: 'Samsung Galaxy A52' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', '/images/a52.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(screen.getByRole('heading', { level: 3, name: 'Samsung Galaxy A52' })).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(screen.getByText('Mirpur, Dhaka')).toBeInTheDocument();
    expect(screen.getByText('Rahim Uddin')).toBeInTheDocument();
  });

  it('says "IMEI checked" only for a phone whose IMEI was checked, with why for screen readers', () => {
    const { rerender } = render(<ProductCard {...phone} />);
    expect(screen.queryByText('IMEI checked')).not.toBeInTheDocument();
    rerender(<ProductCard {...phone} imeiChecked />);
    expect(screen.getByTitle(/not reported stolen/)).toHaveTextContent('IMEI checked: Its IMEI is a valid number, not reported stolen, and on no other listing');
  });

  it('puts a link to the listing in its heading (the card opens it), beside its own actions', () => {
    let booked = 0;
    render(
      <ProductCard
        {...phone}
        title={<a href="/product/p1">{phone.name}</a>}
        actions={
          <button type="button" onClick={() => booked++}>
            Book Now
          </button>
        }
      />,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Samsung Galaxy A52' });
    expect(screen.getByRole('link', { name: 'Samsung Galaxy A52' })).toHaveAttribute('href', '/product/p1');
    expect(heading).toContainElement(screen.getByRole('link'));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(booked).toBe(1);
  });

  it('offers an uploaded photo in its three widths, with a size for each layout and a fixed box', () => {
    const photo = { small: '/photos/a-320.webp', medium: '/photos/a-800.webp', large: '/photos/a-1600.webp' };
    render(<ProductCard {...phone} img={photo.medium} srcSet={photoSrcSet(photo)} />);
    const image = screen.getByRole('img', { name: 'Samsung Galaxy A52' });
    expect(image).toHaveAttribute('srcset', '/photos/a-320.webp 320w, /photos/a-800.webp 800w, /photos/a-1600.webp 1600w');
    expect(image.getAttribute('sizes')).toMatch(/100vw$/);
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '480');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('loads a priority photo at once and with high priority', () => {
    render(<ProductCard {...phone} priority />);
    const image = screen.getByRole('img', { name: 'Samsung Galaxy A52' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the resale price and, struck through and labelled, the original price', () => {
    render(<ProductCard {...phone} />);
    expect(screen.getByText('Tk 21,000').tagName).not.toBe('S');
    const original = screen.getByText('Tk 36,000');
    expect(original.tagName).toBe('S');
    expect(original.parentElement).toHaveTextContent('original price Tk 36,000');
  });

  it('shows how long the phone has been used', () => {
    render(<ProductCard {...phone} />);
    expect(screen.getByText(/^2 years used/)).toHaveTextContent(`2 years used · since ${thisYear - 2}`);
  });

  it('shows the phone-verified mark only for a seller who proved their number', () => {
    const { rerender } = render(<ProductCard {...phone} />);
    expect(screen.queryByText('Phone number verified')).not.toBeInTheDocument();
    rerender(<ProductCard {...phone} sellerPhoneVerified />);
    expect(screen.getByTitle('Phone number verified')).toHaveTextContent('Phone number verified');
  });

  it('shows the verified badge only for a verified seller', () => {
    const { rerender } = render(<ProductCard {...phone} />);
    expect(screen.getByText('Verified seller')).toBeInTheDocument();
    expect(screen.getByTitle('Verified seller')).toBeInTheDocument();
    rerender(<ProductCard {...phone} sellerVerified={false} />);
    expect(screen.queryByText('Verified seller')).not.toBeInTheDocument();
  });

  it('shows a placeholder with the name when the photo fails, and tries a new photo again', () => {
    const { container, rerender } = render(<ProductCard {...phone} />);
    fireEvent.error(screen.getByRole('img', { name: 'Samsung Galaxy A52' }));
    expect(container.querySelector('img')).toBeNull();
    const placeholder = screen.getByRole('img', { name: 'Samsung Galaxy A52' });
    expect(placeholder.tagName).not.toBe('IMG');
    expect(placeholder).toHaveTextContent('Samsung Galaxy A52');

    rerender(<ProductCard {...phone} img="/images/a52-2.jpg" />);
    expect(screen.getByRole('img', { name: 'Samsung Galaxy A52' })).toHaveAttribute('src', '/images/a52-2.jpg');
  });

  it('renders the actions, the badge and the chosen heading level', () => {
    render(<ProductCard {...phone} headingLevel={2} badge="Sold" actions={<button type="button">Book now</button>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Samsung Galaxy A52' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book now' })).toBeInTheDocument();
    expect(screen.getByText('Sold')).toBeInTheDocument();
  });
});

describe('yearsUsedText', () => {
  const in2025 = new Date(2025, 5, 1);
  it.each([
    [2022, '3 years used'],
    [2024, '1 year used'],
    [2025, 'Less than a year used'],
    [2026, 'Less than a year used'], // a future year never gives a negative count
  ])('bought in %d → %s', (usedYear, expected) => {
    expect(yearsUsedText(usedYear, in2025)).toBe(expected);
  });
});
