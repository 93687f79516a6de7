/**
 * zod and the studio's schemas load on first use, not with the page: a game's first screen paints without
 * them, and the first request fetches them in parallel with the page's own work.
 */
export type Schemas = typeof import('./schemas-bundle.ts');

let pending: Promise<Schemas> | undefined;

export function loadSchemas(): Promise<Schemas> {
  // A failed download (network) is tried again on the next call.
  pending ??= import('./schemas-bundle.ts').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
