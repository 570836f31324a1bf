/** Background commands of the publisher (copies and deletions of folders) at a lower priority, and deletions nothing waits for. */
import { execFile, type ChildProcess } from 'node:child_process';
import { readdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
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

let asideSeq = 0;

/**
 * Deletes the folder `dir` without waiting for it: renamed aside at once (`<dir>.gone-<pid>-<n>`,
 * so that a new `dir` can be made straight away) and removed by a niced `rm -rf` (fs.rm where
 * that fails). Thousands of files (a menu's work folder, its twins) would otherwise go through the
 * publisher's event loop and thread pool on the next edit's path. `few`: the caller knows it holds
 * a few hundred files at most, removed by fs.rm in this process: starting a process costs the
 * event loop more than that (the fork copies the page tables of a heap of gigabytes, tens of
 * milliseconds: docs/performance.md). Resolves when it is gone; at once when there was no `dir`.
 */
export function deleteAside(dir: string, few = false): Promise<void> {
  const aside = `${dir}.gone-${process.pid}-${asideSeq++}`;
  try {
    renameSync(dir, aside);
  } catch {
    return Promise.resolve(); // none there
  }
  return few ? removeHere(aside) : deleteNow(aside);
}

/** Deletes what an earlier process put aside next to `dir` and never finished (killed meanwhile). */
export function deleteLeftAside(dir: string): Promise<void> {
  let names: string[] = [];
  try {
    names = readdirSync(path.dirname(dir));
  } catch {
    // no parent folder yet
  }
  const prefix = `${path.basename(dir)}.gone-`;
  return Promise.all(
    names.filter((n) => n.startsWith(prefix)).map((n) => deleteNow(path.join(path.dirname(dir), n))),
  ).then(() => {});
}

const removeHere = (dir: string) => rm(dir, { recursive: true, force: true }).catch(() => {});

const deleteNow = (dir: string) =>
  niced('rm', ['-rf', '--', dir]).then(
    () => {},
    () => removeHere(dir),
  );
