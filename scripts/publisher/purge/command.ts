/**
 * The default purge adapter: runs PURGE_COMMAND (through the shell) with `{"tags": [...],
 * "paths": [...]}` on its standard input, once per publish. Any CDN with a command-line tool or
 * an HTTP API reachable by `curl` fits behind it. A non-zero exit is a failed purge.
 */
import { spawn } from 'node:child_process';
import { encodeTag } from '../release-store/headers.ts';
import type { PurgeAdapter, PurgeReport, PurgeRequest } from './types.ts';

export interface CommandPurgeOptions {
  command: string;
  /** Milliseconds before the command is stopped and the purge counted as failed. */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

export function createCommandPurger({
  command,
  timeoutMs = 60_000,
  env = process.env,
}: CommandPurgeOptions): PurgeAdapter {
  return {
    name: 'command',
    async purge(request: PurgeRequest): Promise<PurgeReport> {
      const report: PurgeReport = {
        adapter: 'command',
        tags: request.tags.length,
        urls: request.paths.length,
        requests: 0,
        tagsSkipped: 0,
      };
      if (request.tags.length === 0 && request.paths.length === 0) return report;
      // Tags as the pages' headers carry them, so the command can hand them to a CDN as they are.
      const input = JSON.stringify({
        tags: [...new Set(request.tags.map(encodeTag))],
        paths: [...new Set(request.paths)],
      });
      await new Promise<void>((resolve, reject) => {
        const child = spawn(command, { shell: true, env, stdio: ['pipe', 'ignore', 'pipe'], timeout: timeoutMs });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          if (stderr.length < 4000) stderr += chunk;
        });
        child.on('error', reject);
        child.on('close', (code, signal) => {
          if (code === 0) resolve();
          else
            reject(
              new Error(
                `PURGE_COMMAND ${signal ? `stopped by ${signal}` : `exited with ${code}`}${stderr ? `: ${stderr.trim()}` : ''}`,
              ),
            );
        });
        child.stdin.on('error', () => {}); // a command that does not read its input still decides by its exit code
        child.stdin.end(input);
      });
      report.requests = 1;
      return report;
    },
  };
}
