// The project's only import of zod. zod probes for eval() (new Function) when it builds its first
// object schema; under the page's CSP (no 'unsafe-eval') the probe is reported as a policy
// violation even though zod catches it. Turning the compiled fast path off here, in the module
// every schema module depends on, makes the setting precede every schema whatever the bundler
// does with chunks (a config call in the entry module ran after the chunks it imports).
import { z } from 'zod';

// The CLI's bundle (vite.cli.config.ts defines __CLI_ZOD_JIT__) runs in Node, under no CSP: there
// zod compiles its object parsers, which reads each line of a dataset several times faster. Run
// from the sources (tests, tsx) and in the page and its workers, the probe stays off.
declare const __CLI_ZOD_JIT__: boolean | undefined;
z.config({ jitless: typeof __CLI_ZOD_JIT__ === 'undefined' || !__CLI_ZOD_JIT__ });

export { z };
