/**
 * What fills spare folders: `cp -al` copies of a release (in two halves side by side when a stage
 * waits for one), and links of the paths a spare lacks: up to LINKS_IN_PROCESS in this process,
 * in synchronous batches, more in `cp -l --parents` processes; all of it stopped while an edit
 * publishes (./background.ts).
 */
import { link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { linkBatched } from '../batched.ts';
import type { Background } from './background.ts';
import type { Bucketed } from './bucketed.ts';
import { folderMaker, PLACE_IN_FLIGHT, settledMap, type StageIo } from './placing.ts';
import { INFO, MANIFEST, stripManifest } from './manifests.ts';

/** Paths per `cp` process bringing a spare up to date (their arguments stay well under ARG_MAX). */
const LINKS_PER_CP = 2_000;

/**
 * Up to this many paths, a spare is brought up to date in this process (`linkBatched`: a few
 * milliseconds per 500, paused between batches while an edit publishes): an edit's release
 * changes a few dozen to a few hundred files, a create's later list pages or a catch-up a few
 * thousand. A `cp` process for them cost more than the links: the start of a process forked from
 * one of 2 GB, on the event loop, then a niced process on busy cores, which the next stage often
 * waited out (seconds after a catch-up of 2,500 files: docs/performance.md). Beyond it (a menu's
 * every page) the links go to `cp` processes on the other core.
 */
const LINKS_IN_PROCESS = 20_000;

/**
 * The top-level names of a release's `files` in two groups of about as many files each (the
 * English pages under `en/` are about half), for a copy made by two processes; a group may be
 * empty.
 */
function halvesOf(files: Bucketed<string>): string[][] {
  const counts = new Map<string, number>();
  for (const p of files.keys()) {
    const slash = p.indexOf('/');
    const top = slash < 0 ? p : p.slice(0, slash);
    counts.set(top, (counts.get(top) ?? 0) + 1);
  }
  const halves: [string[], string[]] = [[], []];
  const sizes = [0, 0];
  for (const [name, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    const i = sizes[0]! <= sizes[1]! ? 0 : 1;
    halves[i]!.push(name);
    sizes[i]! += n;
  }
  return halves.filter((h) => h.length > 0);
}

/**
 * Fills the new folder `dir` with hard links to every file of the release folder `from` (its
 * files `files`), without its manifest: one `cp -al`, or with `split` (a copy a stage waits for)
 * its halves side by side, a process links on one core.
 */
export async function copyRelease(
  background: Background,
  from: string,
  dir: string,
  files: Bucketed<string>,
  split: boolean,
): Promise<void> {
  if (!split) await background.run('cp', ['-al', from, dir]);
  else {
    await mkdir(dir);
    await Promise.all(
      halvesOf(files).map((names) =>
        background.run('cp', ['-al', ...names.map((n) => path.join(from, n)), `${dir}${path.sep}`]),
      ),
    );
    for (const name of await readdir(from))
      if (name.startsWith('.release') && !name.startsWith(MANIFEST) && !name.startsWith(INFO))
        await background.run('cp', ['-al', path.join(from, name), `${dir}${path.sep}`]);
  }
  await stripManifest(dir);
}

/** Links many files of one folder into another: in `cp` processes where it can, else one by one. */
export class Linker {
  readonly #io: StageIo;
  readonly #background: Background;
  /** Whether `cp -l --parents` worked here (null: not tried yet). */
  #cpParents: boolean | null = null;
  readonly #inProcessUpTo: number;

  /** `inProcessUpTo`: the most paths linked in this process (LINKS_IN_PROCESS). */
  constructor(io: StageIo, background: Background, inProcessUpTo = LINKS_IN_PROCESS) {
    this.#io = io;
    this.#background = background;
    this.#inProcessUpTo = inProcessUpTo;
  }

  /**
   * Links the files at `paths` in `fromDir` into `toDir`, replacing what is there, once the
   * background work goes on (not while an edit publishes, unless its stage waits for it). Up to
   * `inProcessUpTo` in this process, a batch between turns of the event loop, none while held.
   * More in `cp` processes (GNU cp's `--parents`), niced and stopped while held like the copies,
   * so that the links neither wait for nor hold up the next edit's render on this process's
   * thread pool; one by one in this process where that cp is missing, or when the store's links
   * are someone else's (tests).
   */
  async linkAll(fromDir: string, toDir: string, paths: readonly string[]): Promise<void> {
    if (paths.length <= this.#inProcessUpTo) {
      const goOn = async () => {
        await nextTurn();
        await this.#unheld();
      };
      await goOn();
      const placements = paths.map((p) => ({ from: path.join(fromDir, p), to: path.join(toDir, p) }));
      const left = await linkBatched(placements, this.#io.linkSync, undefined, goOn);
      if (left.length > 0) throw new Error(`spare: ${left.length} file(s) could not be linked, ${left[0]!.from} first`);
      return;
    }
    if (this.#io.link === link && this.#cpParents !== false) {
      try {
        for (let i = 0; i < paths.length; i += LINKS_PER_CP)
          await this.#background.run(
            'cp',
            ['-l', '-f', '--parents', '-t', toDir, '--', ...paths.slice(i, i + LINKS_PER_CP)],
            fromDir,
          );
        this.#cpParents = true;
        return;
      } catch (error) {
        if (this.#cpParents) throw error; // it worked before: this is a failure, not a missing option
        this.#cpParents = false;
      }
    }
    const folder = folderMaker();
    await settledMap(
      paths,
      async (p) => {
        // Paused while an edit publishes, as the copies are (unless a stage waits for it).
        await this.#unheld();
        const to = path.join(toDir, p);
        await rm(to, { force: true });
        await this.#linkInto(path.join(fromDir, p), to, folder);
      },
      PLACE_IN_FLIGHT,
    );
  }

  /** Resolves once the background work goes on: at once unless an edit publishes (and no stage waits for it). */
  async #unheld(): Promise<void> {
    while (this.#background.paused) await this.#background.paused;
  }

  /**
   * Links `from` at `to` in a folder that is most likely there (a spare holds the folders of the
   * pages it has): the folder is made only when the link finds none (a new page).
   */
  #linkInto(from: string, to: string, folder: (file: string) => Promise<unknown>): Promise<void> {
    return this.#io.link(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await folder(to);
      await this.#io.link(from, to);
    });
  }
}
