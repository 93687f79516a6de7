import { Frame } from '@/components/ui/frame';
import styles from './content-sections.module.css';

export interface ContentSection {
  title: string;
  body: React.ReactNode;
}

/** The body of a static page: glass cards with a heading and text each. */
export function ContentSections({ sections }: { sections: ContentSection[] }) {
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <Frame as="section" key={section.title} className={styles.section}>
          <h2 className={styles.title}>{section.title}</h2>
          <div className={styles.body}>{section.body}</div>
        </Frame>
      ))}
    </div>
  );
}
