import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm start`'s entry point (packages/server/src/main.ts) in a process of its own, as in production, for the
 * benchmarks: its memory is its own and the load generator never shares its event loop. `env` is added to this
 * process's environment (DATABASE_URL, PORT, WORKERS…; no demo data); `nodeArgs` go before the TypeScript loader,
 * `imports` (modules loaded first, which may be TypeScript) after it. Resolves once the server listens.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; imports?: string[] } = {},
): Promise<ChildProcess> {
  const imports = (options.imports ?? []).flatMap((module) => ['--import', module]);
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', ...imports, 'packages/server/src/main.ts'],
    {
      env: { ...process.env, HOST: '127.0.0.1', DEMO: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return child;
}
