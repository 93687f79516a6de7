/** Full-page navigation to another address (the main site, the other origin); a seam tests replace. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
