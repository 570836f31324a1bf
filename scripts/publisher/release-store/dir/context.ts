/**
 * The dir store as its parts see it (`DirContext`, made by ../dir.ts and handed to each): its
 * folders, its writes, its manifests, its background work and the deltas of its stages.
 */
import type { ReleaseInfo } from '../types.ts';
import type { Background } from './background.ts';
import type { Deltas } from './deltas.ts';
import type { ReleaseManifests } from './manifests.ts';
import type { StageIo } from './placing.ts';

/** The store as its parts see it: what they read and write through. */
export interface DirContext {
  /** PUBLISH_DIR/releases: the release folders, spares and folders being deleted. */
  readonly releases: string;
  readonly io: StageIo;
  readonly manifests: ReleaseManifests;
  readonly background: Background;
  readonly deltas: Deltas;
  /** The folder a release's files are in. */
  dirOf(id: string): string;
  /** The live release's id, or null before the first publish. */
  liveId(): Promise<string | null>;
  /** The kept releases, newest first. */
  list(): Promise<ReleaseInfo[]>;
}
