import Markdown from 'react-markdown';

/**
 * What players will read: react-markdown renders to React elements and never raw HTML (HTML in the text
 * shows as text), and its default URL filter drops javascript: and other unsafe links.
 */
export function MarkdownPreview({ content }: { content: string }) {
  return (
    <div
      style={{
        border: '1px solid currentColor',
        borderRadius: 8,
        padding: '0 1rem',
        minHeight: '10rem',
        overflowWrap: 'anywhere',
      }}
    >
      {content.trim() ? (
        <Markdown>{content}</Markdown>
      ) : (
        <p className="field-hint">Nothing to preview yet.</p>
      )}
    </div>
  );
}
