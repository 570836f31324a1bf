/** Runs a child process with inherited output; resolves with its exit code. */
import { spawn } from 'node:child_process';
import type { StdioOptions } from 'node:child_process';

export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; stdio?: StdioOptions } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: options.stdio ?? 'inherit',
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * The environment for an Astro build. Astro's import.meta.env plugin picks up the
 * shell variable `_` (set by npm and shells), which changes page hashes with how the
 * build was launched (two builds of the same code would differ); so it is removed.
 */
export function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env._;
  // The bundler (Rolldown) allocates through mimalloc, which by default keeps pages it freed
  // for reuse; nothing after bundling reuses them, and they would stay resident through rendering.
  // 0: hand them back at once (the memory it saves: docs/performance.md, 'Build').
  env.MIMALLOC_PURGE_DELAY ??= '0';
  return env;
}
