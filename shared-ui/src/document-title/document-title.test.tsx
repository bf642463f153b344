import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../page-header/page-header';
import { DocumentTitle } from './document-title';

describe('the document title', () => {
  it("names the page in the browser tab, and gives the site's title back when the page goes", () => {
    document.head.innerHTML = '<title>PhoneHaat — second-hand phones in Bangladesh</title>';
    const page = render(<DocumentTitle title="Login" />);
    expect(document.title).toBe('Login · PhoneHaat');
    page.unmount();
    expect(document.title).toBe('PhoneHaat — second-hand phones in Bangladesh');
  });

  it("comes with every page header, from the page's heading", () => {
    render(<PageHeader title="My Orders" subtitle="Phones you have booked." />);
    expect(document.title).toBe('My Orders · PhoneHaat');
  });
});
