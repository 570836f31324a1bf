/** Background commands of the publisher (copies and deletions of folders) at a lower priority. */
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A command of the background work (copies, deletions) at a lower priority than this process,
 * so that an edit's render and stage get the cores first; as it is where `nice` is missing.
 * `started` is handed the process (the dir store stops it while an edit publishes: `hold()`).
 */
export const niced = (command: string, args: string[], started?: (child: ChildProcess) => void, cwd?: string) => {
  const go = (file: string, argv: string[]) => {
    const running = run(file, argv, { cwd, maxBuffer: 1 << 20 });
    started?.(running.child);
    return running;
  };
  return go('nice', ['-n', '10', command, ...args]).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' && error.path === 'nice' ? go(command, args) : Promise.reject(error),
  );
};
