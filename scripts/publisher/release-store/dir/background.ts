/**
 * The dir store's background work and its holds: the child processes that copy, link and delete
 * folders (niced), stopped (SIGSTOP) while an edit publishes and let go on (SIGCONT) after, or
 * while a caller waits for their work; and the deletion of folders nothing waits for.
 */
import type { ChildProcess } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { niced } from '../../niced.ts';

export class Background {
  readonly #releases: string;
  /** Numbers the folders this process makes in the releases folder (spares, trash). */
  #seq = 0;
  /** The background commands running (copies, links, deletions): stopped while held. */
  readonly #children = new Set<ChildProcess>();
  /** Holds taken (`hold()`): an edit is publishing. */
  #holds = 0;
  /** Callers waiting for the background work (a stage with no spare, `sparesReady`): it goes on, held or not. */
  #wanted = 0;
  /** The background commands were sent SIGSTOP (and not SIGCONT since). */
  #stopped = false;
  /** While stopped: resolves when the background work goes on (work in this process waits for it). */
  #resumed: PromiseWithResolvers<void> | null = null;
  /** Folders being deleted in the background (dropped releases, stale spares). */
  #trash: Promise<void> = Promise.resolve();

  /** `releases`: the folder the store's spares and trash are made in. */
  constructor(releases: string) {
    this.#releases = releases;
  }

  /** A new folder name of this process in the releases folder: `.spare-<pid>-<n>` or `.trash-<pid>-<n>`. */
  newFolder(kind: 'spare' | 'trash'): string {
    return path.join(this.#releases, `.${kind}-${process.pid}-${this.#seq++}`);
  }

  /**
   * Stops the background commands (SIGSTOP; SIGCONT once every hold is let go) while an edit
   * publishes, so that its re-read, render and stage have both cores and the disk. Work a caller
   * waits for (`want`) goes on meanwhile. Returns the function that lets this hold go (idempotent).
   */
  hold(): () => void {
    this.#holds++;
    this.#signal();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#holds--;
      this.#signal();
    };
  }

  /** True while the background work is stopped. */
  get held(): boolean {
    return this.#holds > 0 && this.#wanted === 0;
  }

  /** While stopped: resolves when the background work goes on; null when it is going on. */
  get paused(): Promise<void> | null {
    return this.#resumed?.promise ?? null;
  }

  #signal(): void {
    const stop = this.held;
    if (stop === this.#stopped) return;
    this.#stopped = stop;
    for (const child of this.#children) child.kill(stop ? 'SIGSTOP' : 'SIGCONT');
    if (stop) this.#resumed = Promise.withResolvers<void>();
    else {
      this.#resumed?.resolve();
      this.#resumed = null;
    }
  }

  /** Waits for `work` with the background work going on, held or not. */
  async want<T>(work: Promise<T>): Promise<T> {
    this.#wanted++;
    this.#signal();
    try {
      return await work;
    } finally {
      this.#wanted--;
      this.#signal();
    }
  }

  /** A background command: stopped at once while held, forgotten when it ends. */
  run(command: string, args: string[], cwd?: string) {
    return niced(
      command,
      args,
      (child) => {
        this.#children.add(child);
        child.once('exit', () => this.#children.delete(child));
        if (this.#stopped) child.kill('SIGSTOP');
      },
      cwd,
    );
  }

  /** Deletes a folder in the background, renamed out of the way first (a stage never waits for it). */
  throwAway(dir: string): void {
    const trash = this.newFolder('trash');
    const renamed = rename(dir, trash).then(
      () => trash,
      () => dir,
    );
    // `rm -rf` in a child process: thousands of unlinks through fs.rm would keep this process's
    // event loop and thread pool (where the twins compress) busy while the next edit renders.
    this.#trash = this.#trash.then(async () => {
      const dir = await renamed;
      await this.run('rm', ['-rf', '--', dir]).catch(() => rm(dir, { recursive: true, force: true }).catch(() => {}));
    });
  }

  /** Resolves when the folders thrown away so far are deleted (they go on meanwhile, held or not). */
  deleted(): Promise<void> {
    return this.want(this.#trash);
  }
}
