import { spawn } from 'node:child_process';

export type Ended = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a TypeScript entry point (the server, the worker, a command-line tool) in a process of its own with exactly
 * this environment, `input` on standard input (not a terminal), until it ends by itself (killed after `limitMs`).
 */
export function runToEnd(
  entry: string,
  args: string[],
  env: Record<string, string | undefined>,
  input = '',
  limitMs = 40_000,
): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}
