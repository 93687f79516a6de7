import type { HTMLAttributes } from 'react';
import styles from './frame.module.css';

type FrameTag = 'div' | 'section' | 'article' | 'aside' | 'header' | 'footer';

export interface FrameProps extends HTMLAttributes<HTMLElement> {
  as?: FrameTag;
  /** Angled (45°) cut corners, top-left and bottom-right, instead of rounded ones. */
  angled?: boolean;
  /** An accent glow along the top-left edge. */
  accent?: boolean;
}

/**
 * The frosted glass panel of the visual identity. Angled frames are for containers only: clip-path
 * would also clip a focus outline, so focusable controls never take the angled shape themselves.
 */
export function Frame({ as: Tag = 'div', angled = false, accent = false, className, ...props }: FrameProps) {
  const classes = [styles.frame, angled ? styles.angled : '', accent ? styles.accent : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <Tag className={classes} {...props} />;
}
