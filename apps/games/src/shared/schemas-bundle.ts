// The studio's schemas (and zod with them), in a chunk of their own: see schemas.ts.
import './zod-setup.ts';

export * from '@paws/contracts/studio';
export * from '@paws/contracts/studio-api';
