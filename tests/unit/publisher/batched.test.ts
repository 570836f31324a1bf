import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkBatched, removeBatched } from '../../../scripts/publisher/release-store/batched.ts';

/** A live release's page and a spare that shares its file (a hard link), and a work folder's new bytes. */
function folders(pages: number) {
  const root = mkdtempSync(path.join(tmpdir(), 'batched-'));
  const at = (dir: string, i: number) => path.join(root, dir, `p${i}`, 'index.html');
  for (let i = 0; i < pages; i++) {
    for (const dir of ['live', 'work', 'spare']) mkdirSync(path.dirname(at(dir, i)), { recursive: true });
    writeFileSync(at('live', i), `old ${i}`);
    linkSync(at('live', i), at('spare', i));
    writeFileSync(at('work', i), `new ${i}`);
  }
  return { root, at };
}

describe("a stage's links onto a spare (release-store/batched.ts)", () => {
  it("replaces each file in the spare with the new bytes, leaving the live release's file as it was", async () => {
    const { at } = folders(3);
    const left = await linkBatched([0, 1, 2].map((i) => ({ from: at('work', i), to: at('spare', i) })));
    expect(left).toEqual([]);
    for (const i of [0, 1, 2]) {
      expect(readFileSync(at('spare', i), 'utf8')).toBe(`new ${i}`);
      expect(readFileSync(at('live', i), 'utf8')).toBe(`old ${i}`); // a shared link is removed, never written through
    }
  });

  it('makes the folder of a new page, and hands back what it could not link (the source gone) for the caller', async () => {
    const { root, at } = folders(1);
    const fresh = { from: at('work', 0), to: path.join(root, 'spare/new/deep/index.html') };
    const lost = { from: path.join(root, 'work/gone.html'), to: path.join(root, 'spare/gone/index.html') };
    const left = await linkBatched([fresh, lost]);
    expect(readFileSync(fresh.to, 'utf8')).toBe('new 0');
    expect(left).toEqual([lost]);
  });

  it('throws a full disk (ENOSPC) at once, and runs the fault point before the middle file', async () => {
    const { at } = folders(4);
    const calls: string[] = [];
    const full = (from: string, to: string) => {
      calls.push(path.basename(path.dirname(to)));
      if (calls.length === 3) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      linkSync(from, to);
    };
    const items = [0, 1, 2, 3].map((i) => ({ from: at('work', i), to: at('spare', i) }));
    let halfAt = -1;
    await expect(linkBatched(items, full, () => (halfAt = calls.length))).rejects.toThrow(/ENOSPC/);
    expect(halfAt).toBe(2);
    expect(calls).toEqual(['p0', 'p1', 'p2']);
  });

  it('lets the event loop turn between batches (a webhook is not held for the whole stage)', async () => {
    const { at } = folders(1);
    // 2,000 placements of one file: four batches.
    const items = Array.from({ length: 2000 }, () => ({ from: at('work', 0), to: at('spare', 0) }));
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await linkBatched(items);
    done = true;
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(readFileSync(at('spare', 0), 'utf8')).toBe('new 0');
  });
});

describe("a spare's removals (release-store/batched.ts)", () => {
  it('removes the files gone from the next release, and the folders that leaves empty, never one still holding a file', async () => {
    const { root, at } = folders(3);
    writeFileSync(path.join(root, 'spare/p1/index.html.br'), 'twin');
    await removeBatched(path.join(root, 'spare'), ['p0/index.html', 'p1/index.html', 'p9/index.html']);
    expect(existsSync(path.join(root, 'spare/p0'))).toBe(false); // emptied: gone too
    expect(existsSync(at('spare', 1))).toBe(false);
    expect(readFileSync(path.join(root, 'spare/p1/index.html.br'), 'utf8')).toBe('twin'); // its folder stays
    expect(readFileSync(at('spare', 2), 'utf8')).toBe('old 2');
    expect(readFileSync(at('live', 0), 'utf8')).toBe('old 0'); // the live release's link untouched
  });
});
