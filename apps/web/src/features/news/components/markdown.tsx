import type { AnchorHTMLAttributes, ImgHTMLAttributes } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import { EnlargeableImage } from '@/components/ui/lightbox';
import styles from './news.module.css';

/**
 * Keeps a URL only when it is http(s) or relative: react-markdown's own rule already drops
 * javascript:, vbscript: and data:, and this one also drops mailto:, irc: and xmpp:.
 */
export function safeUrl(value: string): string {
  const kept = defaultUrlTransform(value.trim());
  if (!kept) return '';
  const colon = kept.indexOf(':');
  const firstBreak = Math.min(
    ...['?', '#', '/'].map((mark) => (kept.includes(mark) ? kept.indexOf(mark) : Number.POSITIVE_INFINITY)),
  );
  if (colon === -1 || colon > firstBreak) return kept;
  return /^https?$/i.test(kept.slice(0, colon)) ? kept : '';
}

function Anchor({ href, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  const { node: _node, ...rest } = props;
  if (!href) return <span>{children}</span>;
  const external = /^(https?:)?\/\//i.test(href);
  return (
    <a
      {...rest}
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } : {})}
    >
      {children}
    </a>
  );
}

/** A picture in a post opens in the lightbox; one whose address was dropped as unsafe is not shown. */
function PostImage({ src, alt }: ImgHTMLAttributes<HTMLImageElement> & { node?: unknown }) {
  if (typeof src !== 'string' || !src) return null;
  return <EnlargeableImage src={src} alt={alt ?? ''} loading="lazy" />;
}

/**
 * Post content and comments as markdown (spec 001 §2). Raw HTML is never rendered: react-markdown
 * shows it as the text it is. Comments have no attachments, so they show no images either.
 */
export function Markdown({ children, variant = 'post' }: { children: string; variant?: 'post' | 'comment' }) {
  return (
    <div className={variant === 'post' ? styles.markdown : styles.commentMarkdown} data-markdown={variant}>
      <ReactMarkdown
        urlTransform={safeUrl}
        components={{ a: Anchor, img: PostImage }}
        disallowedElements={variant === 'comment' ? ['img'] : undefined}
        unwrapDisallowed
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
