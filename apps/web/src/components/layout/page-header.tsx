import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Frame } from '@/components/ui/frame';
import { ArrowLeftIcon } from '@/components/ui/icons';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  title: string;
  lead?: string;
  eyebrow?: string;
  /** A go-back link, e.g. from a news item to News. */
  back?: { to: string; label: string };
  children?: ReactNode;
}

/** The heading block every screen opens with: an angled glass frame with the page's h1. */
export function PageHeader({ title, lead, eyebrow, back, children }: PageHeaderProps) {
  return (
    <Frame angled accent className={styles.header}>
      {back ? (
        <Link to={back.to} className={styles.back}>
          <ArrowLeftIcon size={18} />
          {back.label}
        </Link>
      ) : null}
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </Frame>
  );
}
