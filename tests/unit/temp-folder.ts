/**
 * Vitest's global setup: every temporary folder the tests and the processes they start make
 * (`os.tmpdir()`) goes under one folder of this run, removed when the run ends, so a run leaves
 * nothing in the machine's temporary folder however its tests end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-unit-'));
  // Read by os.tmpdir() in the workers Vitest starts after this, and in their child processes.
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
