import type { Article } from '../articles';
import styles from './article-view.module.css';
import { formatDate, formatNumber, useLanguage } from '@phonehaat/shared-ui';
import { useT } from '../../../i18n';

export function ArticleView({ article }: { article: Article }) {
  const t = useT();
  const language = useLanguage();
  // The articles are written in English (issue 25 lets them stay so): their text says so to screen readers too.
  return (
    <article className={styles.article} id={article.slug} aria-labelledby={`${article.slug}-title`} lang="en">
      <h2 id={`${article.slug}-title`} className={styles.title}>
        {article.title}
      </h2>
      <p className={styles.meta}>
        {article.author} · <time dateTime={article.publishedOn} lang={language}>{formatDate(article.publishedOn, { day: 'numeric', month: 'long', year: 'numeric' }, language)}</time> ·{' '}
        <span lang={language}>{t('blog.minutes', { minutes: formatNumber(article.readingMinutes, language) })}</span>
      </p>
      {article.sections.map((section, index) => (
        <section key={index} className={styles.section}>
          {section.heading && <h3 className={styles.heading}>{section.heading}</h3>}
          {section.paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {section.code && (
            <pre className={styles.code} tabIndex={0} aria-label={t('blog.example', { language: section.code.language })}>
              <code>{section.code.source.trim()}</code>
            </pre>
          )}
        </section>
      ))}
    </article>
  );
}
