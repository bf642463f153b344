import { type ReactNode } from 'react';
import { DocumentTitle } from '../document-title/document-title';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  /** The heading's words, and the browser tab's name. */
  title: string;
  /** What the heading shows when it quotes people's text marked inside it (`t.rich`); `title` still names the tab. */
  heading?: ReactNode;
  subtitle?: string;
  /** Page-level buttons, e.g. "Add a phone"; under the title on a phone, beside it on wider screens. */
  actions?: ReactNode;
}

/** The page's <h1> (which also names the browser tab), with an optional subtitle and actions. */
export function PageHeader({ title, heading, subtitle, actions }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <DocumentTitle title={title} />
      <div>
        <h1 className={styles.title}>{heading ?? title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions != null && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
