/**
 * Child processes of the commands: `run` with inherited output, `runKept` with its output kept;
 * either forwards Ctrl-C and SIGTERM and resolves with the exit code. `buildEnv` for Astro builds.
 */
import { spawn, type ChildProcess, type SpawnOptions, type StdioOptions } from 'node:child_process';

/** Spawns `command`, forwarding Ctrl-C and SIGTERM to it until it ends; resolves with its exit code. */
function spawnForwarding(
  command: string,
  args: string[],
  options: SpawnOptions,
  ended: 'exit' | 'close',
  started: (child: ChildProcess) => void = () => {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    started(child);
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on(ended, (code: number | null, signal: NodeJS.Signals | null) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; stdio?: StdioOptions } = {},
): Promise<number> {
  const { stdio = 'inherit', env = process.env, cwd } = options;
  return spawnForwarding(command, args, { stdio, env, cwd }, 'exit');
}

/** Runs a child process with its output kept (stdout and stderr in the order they came): its exit code and that output. */
export async function runKept(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<{ code: number; output: string }> {
  const chunks: Buffer[] = [];
  const keep = (child: ChildProcess) => {
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
  };
  const spawnOptions = {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'] as StdioOptions,
  };
  const code = await spawnForwarding(command, args, spawnOptions, 'close', keep);
  return { code, output: Buffer.concat(chunks).toString('utf8') };
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
