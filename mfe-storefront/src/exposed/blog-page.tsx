import { Container, PageHeader } from '@phonehaat/shared-ui';
import { articles } from '../features/blog/articles';
import { ArticleView } from '../features/blog/components/article-view';
import styles from './blog-page.module.css';

/** `/blog`: the engineering team's four articles. */
export default function BlogPage() {
  return (
    <Container>
      <PageHeader title="Blog" subtitle="Notes from the team that builds PhoneHaat." />
      <nav aria-label="Articles" className={styles.toc}>
        <ol>
          {articles.map((article) => (
            <li key={article.slug}>
              <a href={`#${article.slug}`}>{article.title}</a>
              <span className={styles.summary}>{article.summary}</span>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.list}>
        {articles.map((article) => (
          <ArticleView key={article.slug} article={article} />
        ))}
      </div>
    </Container>
  );
}
