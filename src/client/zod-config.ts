import { z } from 'zod';

// The CSP forbids eval. Without this, every object schema probes `new Function` when it is
// built, to decide whether to compile its parser, and each page load reports a CSP
// violation. Imported first by main.tsx, so it runs before any schema module is evaluated.
z.config({ jitless: true });
