/**
 * The studio's plain constants, without zod: the web app's first screen (the bottom panel's Studio slot)
 * imports these, and the schemas (studio-api.ts) only where they are needed — zod compiles its parsers with
 * `new Function`, which the pages' Content-Security-Policy refuses.
 */
export const STUDIO_PROVIDER_CODE = 'paws-studio';
