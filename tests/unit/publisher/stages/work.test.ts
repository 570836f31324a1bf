import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkFolders } from '../../../../scripts/publisher/stages/work.ts';

describe("the publishes' work folders (stages/work.ts)", () => {
  it('gives each publish a folder of its own, and after it deletes the lot in the background', async () => {
    const publishDir = mkdtempSync(path.join(tmpdir(), 'work-'));
    const work = new WorkFolders(path.join(publishDir, '.work'));
    const one = work.next();
    const two = work.next();
    expect(one).not.toBe(two);
    expect(path.dirname(one)).toBe(path.join(publishDir, '.work'));
    for (let i = 0; i < 50; i++) {
      mkdirSync(path.join(one, '.pages'), { recursive: true });
      writeFileSync(path.join(one, '.pages', `${i}.html`), 'page');
    }
    work.done();
    // At once: the next publish finds no folder of the last (it writes into a fresh one).
    expect(existsSync(path.join(publishDir, '.work'))).toBe(false);
    await work.deleted();
    expect(readdirSync(publishDir)).toEqual([]);
    work.done(); // nothing written since: nothing to do
    await work.deleted();
    expect(readdirSync(publishDir)).toEqual([]);
  });

  it('deletes what a process before left (its work folder, and those it had put aside) when it starts', async () => {
    const publishDir = mkdtempSync(path.join(tmpdir(), 'work-'));
    for (const left of ['.work/20260101T000000000Z-0/.pages', '.work.gone-123-4/x', 'releases'])
      mkdirSync(path.join(publishDir, left), { recursive: true });
    const work = new WorkFolders(path.join(publishDir, '.work'));
    await work.deleted();
    expect(readdirSync(publishDir)).toEqual(['releases']);
  });

  it("deletes an edit's few files in this process, and a rest's many through a niced rm", async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'bin-'));
    const said = path.join(bin, 'said');
    writeFileSync(path.join(bin, 'rm'), `#!/bin/sh\necho "$*" >> ${said}\nexec /bin/rm "$@"\n`);
    chmodSync(path.join(bin, 'rm'), 0o755);
    const path0 = process.env.PATH;
    process.env.PATH = `${bin}:${path0}`;
    try {
      const publishDir = mkdtempSync(path.join(tmpdir(), 'work-'));
      const work = new WorkFolders(path.join(publishDir, '.work'));
      await work.deleted();
      const calls = () => (existsSync(said) ? readFileSync(said, 'utf8').trim().split('\n').length : 0);
      const before = calls();
      const write = (pages: number) => {
        const dir = path.join(work.next(), '.pages');
        mkdirSync(dir, { recursive: true });
        for (let i = 0; i < pages; i++) writeFileSync(path.join(dir, `${i}.html`), 'page');
      };
      write(60);
      work.done(60);
      await work.deleted();
      expect(readdirSync(publishDir)).toEqual([]);
      expect(calls()).toBe(before);
      write(600);
      work.done(600);
      await work.deleted();
      expect(readdirSync(publishDir)).toEqual([]);
      expect(calls()).toBe(before + 1);
    } finally {
      process.env.PATH = path0;
    }
  });
});
