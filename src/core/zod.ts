// The project's only import of zod. zod probes for eval() (new Function) when it builds its first
// object schema; under the page's CSP (no 'unsafe-eval') the probe is reported as a policy
// violation even though zod catches it. Turning the compiled fast path off here, in the module
// every schema module depends on, makes the setting precede every schema whatever the bundler
// does with chunks (a config call in the entry module ran after the chunks it imports).
import { z } from 'zod';

z.config({ jitless: true });

export { z };
