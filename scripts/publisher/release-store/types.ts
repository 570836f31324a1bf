/**
 * What the publisher hands a release store, and what a store promises back. Two stores
 * implement it: `dir` (a folder of releases and a `live` symlink, the default) and `s3`
 * (an S3-compatible bucket behind a CDN). PUBLISH_TARGET picks one.
 *
 * A release is complete before it is visible: `stage` writes every file, `activate` makes it
 * live in one step. A failure anywhere before `activate` leaves the live release as it was.
 */

/** One file of a release. */
export interface ReleaseFile {
  /** Path inside the site, POSIX, no leading slash: `en/news/index.html`, `_astro/app.1a2b.js`. */
  path: string;
  /** Where its bytes are on this machine now (the render output). */
  source: string;
  /** sha256 hex of the bytes: equal hashes are equal files, across releases. */
  hash: string;
  /**
   * Cache tags: the keys of the records the page shows, from the publisher's page map
   * (for example `article:my-slug`, `shell:th`). Sent as `Surrogate-Key` / `Cache-Tag`.
   */
  tags?: readonly string[];
}

/** A file as a staged release records it. */
export interface ReleasedFile {
  hash: string;
  tags?: readonly string[] | undefined;
}

export interface ReleaseInfo {
  id: string;
  /** ISO time the release became live (or was staged, for one never activated). */
  publishedAt: string;
}

/** The paths of a release that differ from release `over`'s: the file now, or null when it went. */
export interface StageHint {
  over: string;
  changed: ReadonlyMap<string, ReleaseFile | null>;
}

/**
 * Every file of a release to stage, or a function that lists them, called only when the store
 * needs them all: a store that takes what `hint` leaves alone from the live release (`dir`, onto
 * a spare) never does, and a large site's edit makes no object for each of its files.
 */
export type StageFiles = readonly ReleaseFile[] | (() => readonly ReleaseFile[]);

/** The files of `files`, listed (once per call). */
export function listFiles(files: StageFiles): readonly ReleaseFile[] {
  return typeof files === 'function' ? files() : files;
}

export interface StageResult {
  /** Files whose bytes were written or uploaded. */
  written: number;
  /** Files reused from an earlier release by hash (hard link, or an object already there). */
  reused: number;
  /**
   * Where the stage's time went, in ms, when the store says (`dir`): `spareWait` for a spare
   * copy being made or brought up to date, `place` linking or copying the files, `manifest`
   * writing the release's manifest.
   */
  steps?: { spareWait: number; place: number; manifest: number };
}

export interface ReleaseStore {
  /**
   * True when the store serves a file's precompressed twins (`x.html.br`, `x.html.gz`) to the
   * clients that accept them: the publisher then makes them and hands them over as files of the
   * release. `dir` does (sirv); `s3` does not (a bucket cannot pick an object by
   * `Accept-Encoding`: the CDN in front of it compresses).
   */
  readonly precompressed?: boolean;
  /** The live release, or null before the first publish. */
  live(): Promise<ReleaseInfo | null>;
  /** The kept releases, newest first. */
  list(): Promise<ReleaseInfo[]>;
  /**
   * Writes every file of release `id`; nothing becomes visible. Files whose hash a kept release
   * already has are reused, not written again. Safe to call again with the same id after a
   * failure (what was already written is reused). `hint`, when given, names every path whose
   * file (bytes or tags) differs from release `hint.over`'s: a store may take the rest from that
   * release without comparing them (`dir` does, when `over` is live).
   */
  stage(id: string, files: StageFiles, hint?: StageHint): Promise<StageResult>;
  /**
   * What release `id` holds: site path → hash and cache tags (null when it is not staged). The
   * publisher adopts the live release from it when it cannot read the files themselves (s3).
   */
  files(id: string): Promise<Map<string, ReleasedFile> | null>;
  /** Makes a staged release live in one step (a symlink swap, a pointer object). */
  activate(id: string): Promise<void>;
  /** Makes the release before the live one live again; returns it. */
  rollback(): Promise<ReleaseInfo>;
  /**
   * Deletes all but the newest `keep` releases (never the live one), and only files that no
   * kept release names. Returns the ids deleted.
   */
  prune(keep: number): Promise<string[]>;
  /**
   * A store of release folders on this machine (`dir`): the folder of release `id`, whose
   * files a later publish reuses as the sources of unchanged pages.
   */
  dirOf?(id: string): string;
  /**
   * `dir`: starts `target` spare copies of the live release in the background (hard links),
   * so a later stage changes only the files that differ instead of copying the release.
   */
  prepareNext?(target?: number): void;
  /**
   * `dir`: starts bringing one spare copy up to the live release (the files the releases since
   * changed), copying nothing; called at the switch.
   */
  refreshSpare?(): void;
  /**
   * Called once at start, before anything is staged: removes what a process killed mid-publish
   * left (half-staged releases, spare copies, a `live` link being made). Returns what it removed.
   * (`s3` needs none: an interrupted switch is completed by the next `activate`.)
   */
  recover?(): Promise<string[]>;
  /**
   * `dir`: resolves when the copies `prepareNext()` started are made (they go on while held,
   * unless `whenHeld` is 'wait').
   */
  sparesReady?(o?: { whenHeld?: 'go on' | 'wait' }): Promise<void>;
  /**
   * `dir`: stops the store's background work (spare copies, deletions) until the returned
   * function is called: an edit's publish has the cores and the disk to itself.
   */
  hold?(): () => void;
}
