// The studio's schemas (and zod with them), in a chunk of their own: see schemas.ts.
export * from '@paws/contracts/studio';
export * from '@paws/contracts/studio-api';
