/**
 * Placing many files at once: the writes a stage makes (`StageIo`, injectable), calls run
 * several at a time that all settle before a failure is thrown (`settledMap`), and the folders
 * the files go into, each made once (`folderMaker`).
 */
import type { copyFile, link, writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pMap from 'p-map';

/** The writes a stage makes, injectable so that tests can fill the disk (ENOSPC) on the staging folder. */
export interface StageIo {
  copyFile: typeof copyFile;
  link: typeof link;
  /** A stage's links onto a spare (../batched.ts). */
  linkSync: (from: string, to: string) => void;
  writeFile: typeof writeFile;
}

/** Files placed at once on libuv's thread pool (a stage's links and copies, a spare's links). */
export const PLACE_IN_FLIGHT = 16;

/**
 * `pMap` that lets every call settle before it rejects (with the first error): a stage's writes
 * in flight when the disk fills would otherwise land after the partial release is removed, and
 * leave it behind.
 */
export async function settledMap<T>(
  items: Iterable<T>,
  fn: (item: T, i: number) => Promise<unknown>,
  concurrency: number,
): Promise<void> {
  await pMap(items, fn, { concurrency, stopOnError: false }).catch((error: unknown) => {
    throw error instanceof AggregateError ? error.errors[0] : error;
  });
}

/**
 * Makes the folder a file goes into, once per folder however many files go there, in parallel with
 * the other files' work rather than all ahead of it (a release has a folder per page).
 */
export function folderMaker(): (file: string) => Promise<unknown> {
  const made = new Map<string, Promise<unknown>>();
  return (file) => {
    const parent = path.dirname(file);
    let making = made.get(parent);
    if (!making) made.set(parent, (making = mkdir(parent, { recursive: true })));
    return making;
  };
}
