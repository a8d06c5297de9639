// Running a fake server on its own (`node --import tsx tests/server/fake-….ts --port N`), for
// trying the page or the CLI by hand against it: loopback only, closed on Ctrl+C.
import { pathToFileURL } from 'node:url';

/** Whether the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return !!process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href;
}

export function runStandalone(name: string, defaultPort: number, start: (o: { port: number; host: string }) => Promise<{ url: string; close: () => Promise<void> }>): void {
  const arg = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const port = Number(arg('--port') ?? defaultPort);
  const host = arg('--host') ?? '127.0.0.1';
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    console.error(`${name}: loopback only (127.0.0.1, localhost or ::1)`);
    process.exit(2);
  }
  start({ port, host }).then(
    (s) => {
      console.log(`${name} listening on ${s.url}`);
      const stop = () => void s.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (err: unknown) => {
      console.error(`${name}: ${String(err)}`);
      process.exit(1);
    },
  );
}
