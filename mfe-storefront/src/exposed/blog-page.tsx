import { Container, PageHeader } from '@phonehaat/shared-ui';
import { articles } from '../features/blog/articles';
import { ArticleView } from '../features/blog/components/article-view';
import styles from './blog-page.module.css';
import { useLanguage } from '@phonehaat/shared-ui';
import { useT } from '../i18n';

/** `/blog`: the engineering team's four articles. */
export default function BlogPage() {
  const t = useT();
  const language = useLanguage();
  return (
    <Container>
      <PageHeader title={t('blog.title')} subtitle={t('blog.subtitle')} />
      {language !== 'en' && <p className={styles.inEnglish}>{t('blog.inEnglish')}</p>}
      <nav aria-label={t('blog.articles')} className={styles.toc} lang="en">
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
