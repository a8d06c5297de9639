// zod probes for eval() the first time it validates an object; under the page's CSP (no
// 'unsafe-eval') that probe is reported as a policy violation. Imported first by main.ts and the
// audit worker, before any module that validates at start-up.
import { z } from 'zod';

z.config({ jitless: true });
