import type { Article } from '../articles';
import styles from './article-view.module.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export function ArticleView({ article }: { article: Article }) {
  return (
    <article className={styles.article} id={article.slug} aria-labelledby={`${article.slug}-title`}>
      <h2 id={`${article.slug}-title`} className={styles.title}>
        {article.title}
      </h2>
      <p className={styles.meta}>
        {article.author} · <time dateTime={article.publishedOn}>{dateFormat.format(new Date(article.publishedOn))}</time> · {article.readingMinutes} min read
      </p>
      {article.sections.map((section, index) => (
        <section key={index} className={styles.section}>
          {section.heading && <h3 className={styles.heading}>{section.heading}</h3>}
          {section.paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {section.code && (
            <pre className={styles.code} tabIndex={0} aria-label={`${section.code.language} example`}>
              <code>{section.code.source.trim()}</code>
            </pre>
          )}
        </section>
      ))}
    </article>
  );
}
