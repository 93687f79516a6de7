import { useEffect } from 'react';

/** Sets document.title while the caller is mounted with this value. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
