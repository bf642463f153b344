import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BlogPage from './blog-page';

describe('the blog', () => {
  it('holds the four articles, each of a few hundred words', () => {
    render(<BlogPage />);
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(4);
    for (const topic of [/state/i, /prototype/i, /unit test/i, /React, Angular or Vue/i]) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    for (const article of articles) expect(article.textContent!.split(/\s+/).length).toBeGreaterThan(300);
  });
});
