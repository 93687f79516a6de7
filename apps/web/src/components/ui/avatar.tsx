import { initialOf } from '@/lib/display-name';
import styles from './avatar.module.css';

/** The fixed image for managers (spec 000 §2): a headset badge on the accent tile. */
export const MANAGER_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="20" fill="#1b2410"/><circle cx="20" cy="17" r="7" fill="#c6f432"/><path d="M8 36c2-7 7-10 12-10s10 3 12 10" fill="#c6f432"/><path d="M11 18a9 9 0 0 1 18 0" fill="none" stroke="#f1f4ec" stroke-width="2.5"/><rect x="9" y="17" width="4" height="7" rx="2" fill="#f1f4ec"/><rect x="27" y="17" width="4" height="7" rx="2" fill="#f1f4ec"/></svg>',
)}`;

export interface AvatarProps {
  /** user.linkMinified, the small avatar link. */
  src?: string | null;
  /** Managers always show the fixed manager image. */
  isManager?: boolean;
  /** Used for the initial when there is no image, and for the alt text. */
  name?: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, isManager = false, name = '', size = 36, className }: AvatarProps) {
  const image = isManager ? MANAGER_AVATAR : src;
  return (
    <span className={`${styles.avatar} ${className ?? ''}`} style={{ width: size, height: size }}>
      {image ? (
        <img src={image} alt={name} width={size} height={size} />
      ) : (
        <span aria-hidden="true">{initialOf(name) ?? <Silhouette />}</span>
      )}
    </span>
  );
}

/** For a name with no letter (a phone-only account): a head and shoulders. */
function Silhouette() {
  return (
    <svg viewBox="0 0 24 24" width="60%" height="60%" fill="currentColor" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
    </svg>
  );
}
