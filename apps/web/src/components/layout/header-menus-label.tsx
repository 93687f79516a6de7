import { Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

/**
 * A trigger's name written in its own content rather than an aria-label: the translated label with its
 * placeholders replaced by what the button shows, the rest of the words visually hidden. Screen readers
 * hear the whole sentence, and the name always contains the visible text (axe's
 * label-content-name-mismatch), in every language whatever its word order.
 */
export function labelWithVisibleParts<K extends string>(
  translate: (values: Record<K, string>) => string,
  parts: Record<K, ReactNode>,
): ReactNode[] {
  const marks = Object.fromEntries(
    Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]),
  ) as Record<K, string>;
  return translate(marks)
    .split(MARK)
    .map((piece, index) => {
      if (index % 2 === 1) return <Fragment key={piece}>{parts[piece as K]}</Fragment>;
      const words = piece.trim();
      if (words === '') return piece === '' ? null : ' ';
      // The spaces stay outside the hidden words, so the name reads 'Balance $5 USD', not 'Balance$5USD'
      // (a flex container does not draw whitespace-only text).
      const before = piece.startsWith(words) ? '' : ' ';
      const after = piece.endsWith(words) ? '' : ' ';
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence never move.
        <Fragment key={index}>
          {before}
          <span className="visually-hidden">{words}</span>
          {after}
        </Fragment>
      );
    });
}
