/**
 * The publishes' work folders (PUBLISH_DIR/.work/<release id>): what a render writes before the
 * release store takes it in. After each publish the folder is renamed aside and deleted by a
 * `rm -rf` at a low priority, which nothing waits for: at 72,000 pages a menu's rest leaves
 * 36,000 pages there, and deleting them through fs.rm on the publish's own path held the
 * publish after it (the next edit's) for seconds.
 */
import { readdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { niced } from '../niced.ts';
import { newReleaseId } from './release.ts';

export class WorkFolders {
  readonly root: string;
  #seq = 0;
  /** The deletions under way (`deleted()`: the tests wait for them). */
  #deleting: Promise<void> = Promise.resolve();

  /** `root`: what an earlier process left there, or aside, is deleted (in the background). */
  constructor(root: string) {
    this.root = root;
    const parent = path.dirname(root);
    let names: string[] = [];
    try {
      names = readdirSync(parent);
    } catch {
      // no PUBLISH_DIR yet
    }
    for (const name of names) if (name.startsWith(`${path.basename(root)}-old-`)) this.#delete(path.join(parent, name));
    this.done();
  }

  /** A fresh folder for one publish's render. */
  next(): string {
    return path.join(this.root, newReleaseId());
  }

  /** After a publish (released or not): its files are in the store or not wanted; the folder goes. */
  done(): void {
    const aside = `${this.root}-old-${process.pid}-${this.#seq++}`;
    try {
      renameSync(this.root, aside);
    } catch {
      return; // nothing written (a publish that rendered nothing new)
    }
    this.#delete(aside);
  }

  /** Resolves when every folder put aside so far is gone. */
  deleted(): Promise<void> {
    return this.#deleting;
  }

  #delete(dir: string): void {
    this.#deleting = this.#deleting.then(() =>
      niced('rm', ['-rf', '--', dir]).then(
        () => {},
        () => rm(dir, { recursive: true, force: true }).catch(() => {}),
      ),
    );
  }
}
