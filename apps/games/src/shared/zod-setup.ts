import { config } from 'zod';

// zod probes `new Function` once to decide whether to compile its parsers. The studio pages' CSP refuses eval,
// so the probe only adds a reported violation (Lighthouse's best practices): parse without compiling.
config({ jitless: true });
