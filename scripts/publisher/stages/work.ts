/**
 * The publishes' work folders (PUBLISH_DIR/.work/<release id>): what a render writes before the
 * release store takes it in. After each publish the folder is put aside and deleted in the
 * background (../niced.ts `deleteAside`), which nothing waits for: a menu's rest leaves half the
 * site's pages there, and deleting them on the publish's own path would hold the publish after
 * it (the next edit's).
 */
import path from 'node:path';
import { deleteAside, deleteLeftAside } from '../niced.ts';
import { newReleaseId } from './release.ts';

/** Pages rendered and files given twins at most for a work folder deleted in this process: about 1,500 files. */
const FEW_FILES = 500;

export class WorkFolders {
  readonly root: string;
  /** The deletions under way (`deleted()`: the tests wait for them). */
  #deleting: Promise<void>;

  /** `root`: what an earlier process left there, or aside, is deleted (in the background). */
  constructor(root: string) {
    this.root = root;
    this.#deleting = deleteLeftAside(root);
    this.done();
  }

  /** A fresh folder for one publish's render. */
  next(): string {
    return path.join(this.root, newReleaseId());
  }

  /**
   * After a publish (released or not): its files are in the store or not wanted; the folder goes.
   * `files`: the pages the publish rendered and the files it gave twins; up to `FEW_FILES` (an
   * edit's, not a menu's rest) the folder goes without starting a process (../niced.ts `deleteAside`).
   */
  done(files = Infinity): void {
    const gone = deleteAside(this.root, files <= FEW_FILES);
    this.#deleting = Promise.all([this.#deleting, gone]).then(() => {});
  }

  /** Resolves when every folder put aside so far is gone. */
  deleted(): Promise<void> {
    return this.#deleting;
  }
}
