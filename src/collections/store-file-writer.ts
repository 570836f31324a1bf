/**
 * Astro's content store written to its file piece by piece (the build's memory).
 *
 * Astro writes its store as one `devalue.stringify` of all collections (FileWriter in Astro's
 * content/data-store-writer.js): every value's text in an array, the array joined into one
 * string (two bytes a character once Thai is in it), that string copied into a buffer, and the
 * old file read back as a string to compare: many times the file's size on top of the store,
 * the highest point of a large build (docs/performance.md).
 *
 * `writeStoreFile` writes the same bytes (the devalue format, the collections sorted as Astro
 * sorts them) with only devalue's index of values held: a first pass numbers every value in
 * the order devalue does and notes each container's children by number, a second writes each
 * value's text in that order in 1 MB pieces (the children's indexes come from the first pass,
 * not from the index again: see docs/performance.md). The old file is compared by hash, read
 * in pieces. Only what the content store holds is taken (maps, plain objects, dense arrays,
 * strings, finite and special numbers, booleans, null, undefined); anything else (a Date, a
 * class instance, an array with holes) is left to Astro's own writer, unchanged.
 * `streamStoreWrites()` puts it in place of FileWriter's write, once per process (the
 * render-path integration, at config setup).
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as devalue from 'devalue';
import { FILE_WRITER, internalFallback, patchAstroClass, type FileWriterShape } from './astro-internals.ts';
import { PATCH_MARKS } from '../lib/bridge.ts';

/** A value the first pass does not take: the whole write goes to Astro's writer. */
class NotStreamable extends Error {}

const UNDEFINED = -1;
const NAN = -3;
const POSITIVE_INFINITY = -4;
const NEGATIVE_INFINITY = -5;
const NEGATIVE_ZERO = -6;

/** The index devalue gives a value that has none of its own (undefined, NaN, ±Infinity, -0). */
function specialIndex(value: unknown): number | undefined {
  if (value === undefined) return UNDEFINED;
  if (typeof value !== 'number') return undefined;
  if (Number.isNaN(value)) return NAN;
  if (value === Infinity) return POSITIVE_INFINITY;
  if (value === -Infinity) return NEGATIVE_INFINITY;
  if (value === 0 && 1 / value < 0) return NEGATIVE_ZERO;
  return undefined;
}

/** Characters devalue escapes in a string (utils.js get_escaped_char): control characters too. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NEEDS_ESCAPE = /["<\\\u0000-\u001f\u2028\u2029]/;

/** A string as devalue writes it; the rare one with escapes through devalue itself. */
function stringText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? devalue.stringify(value).slice(1, -1) : `"${value}"`;
}

function isPlainObject(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype && Object.getOwnPropertySymbols(value).length === 0;
}

/**
 * First pass: every value numbered in devalue's order (depth first, each value once, numbered
 * when first met), and the indexes of each container's children, which are known once each
 * child is visited: kept in one flat list, a container's slots reserved before its children are
 * visited, so the second pass writes a container without looking its children up again.
 */
function numberValues(root: unknown): { values: unknown[]; firstChild: number[]; children: number[] } {
  const indexes = new Map<unknown, number>();
  const values: unknown[] = [];
  const firstChild: number[] = [];
  const children: number[] = [];
  const visit = (value: unknown): number => {
    const special = specialIndex(value);
    if (special !== undefined) return special;
    const known = indexes.get(value);
    if (known !== undefined) return known;
    const index = values.length;
    indexes.set(value, index);
    values.push(value);
    firstChild.push(children.length);
    if (value === null) return index;
    switch (typeof value) {
      case 'string':
      case 'number':
      case 'boolean':
        return index;
      case 'object':
        break;
      default:
        throw new NotStreamable(typeof value);
    }
    if (Array.isArray(value)) {
      const at = reserve(children, value.length);
      for (let i = 0; i < value.length; i++) {
        if (!Object.hasOwn(value, i)) throw new NotStreamable('array with holes');
        children[at + i] = visit(value[i]);
      }
    } else if (value instanceof Map) {
      let at = reserve(children, 2 * value.size);
      for (const [k, v] of value) {
        children[at++] = visit(k);
        children[at++] = visit(v);
      }
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      const at = reserve(children, keys.length);
      for (let i = 0; i < keys.length; i++) {
        if (keys[i] === '__proto__') throw new NotStreamable('__proto__ key');
        children[at + i] = visit((value as Record<string, unknown>)[keys[i]!]);
      }
    } else {
      throw new NotStreamable(Object.prototype.toString.call(value));
    }
    return index;
  };
  visit(root);
  return { values, firstChild, children };
}

/** Reserves n slots at the end of list; returns where they start. */
function reserve(list: number[], n: number): number {
  const at = list.length;
  for (let i = 0; i < n; i++) list.push(0);
  return at;
}

/** Second pass: the text of one value, its children's indexes read from the first pass. */
function valueText(value: unknown, at: number, children: number[], keyText: (key: string) => string): string {
  if (typeof value === 'string') return stringText(value);
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i > 0 ? ',' : '') + children[at + i];
    return `${text}]`;
  }
  if (value instanceof Map) {
    let text = '["Map"';
    for (let i = 0; i < 2 * value.size; i++) text += `,${children[at + i]}`;
    return `${text}]`;
  }
  const keys = Object.keys(value);
  let text = '{';
  for (let i = 0; i < keys.length; i++) text += (i > 0 ? ',' : '') + keyText(keys[i]!) + children[at + i];
  return `${text}}`;
}

/** The collections and their entries sorted by id, as Astro's writer sorts them (sortCollections). */
function sorted(collections: Map<string, Map<string, unknown>>): Map<string, Map<string, unknown>> {
  const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => a.localeCompare(b);
  return new Map(
    [...collections.entries()]
      .sort(byKey)
      .map(([name, entries]) => [name, new Map([...entries.entries()].sort(byKey))]),
  );
}

const PIECE = 1 << 20;

async function hashOfFile(file: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/**
 * Writes `collections` to `file` as Astro's FileWriter would, in pieces. Resolves true when
 * the file changed, false when it already held these bytes (Astro's writeFileAtomic), and
 * undefined when a value is not one it takes (nothing written: the caller uses Astro's writer).
 */
export async function writeStoreFile(
  file: string | URL,
  collections: Map<string, Map<string, unknown>>,
): Promise<boolean | undefined> {
  const target = file instanceof URL ? fileURLToPath(file) : file;
  const root = sorted(collections);
  let numbered;
  try {
    numbered = numberValues(root);
  } catch (error) {
    if (error instanceof NotStreamable) return undefined;
    throw error;
  }
  const { values, firstChild, children } = numbered;
  const keyTexts = new Map<string, string>();
  const keyText = (key: string): string => {
    let text = keyTexts.get(key);
    if (text === undefined) keyTexts.set(key, (text = `${stringText(key)}:`));
    return text;
  };
  // Written synchronously, as Astro's stringify runs: no loader can change the store between
  // the two passes.
  const temp = `${target}.tmp`;
  const hash = createHash('sha256');
  const fd = openSync(temp, 'w');
  try {
    let piece = '[';
    const flush = () => {
      const bytes = Buffer.from(piece, 'utf8');
      hash.update(bytes);
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
      piece = '';
    };
    for (let i = 0; i < values.length; i++) {
      piece += (i > 0 ? ',' : '') + valueText(values[i], firstChild[i]!, children, keyText);
      if (piece.length >= PIECE) flush();
    }
    piece += ']';
    flush();
  } catch (error) {
    // A disk that filled up, a value that changed under the write: no half file left behind.
    closeSync(fd);
    await rm(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  if ((await hashOfFile(target)) === hash.digest('hex')) {
    await rm(temp, { force: true });
    return false;
  }
  await rename(temp, target);
  return true;
}

/** Astro's content store is written by `writeStoreFile` from now on in this process. */
export function streamStoreWrites(): void {
  patchAstroClass<FileWriterShape>(FILE_WRITER, PATCH_MARKS.storeFileWriter, (proto) => {
    const write = proto.write;
    proto.write = async function (collections) {
      // A writer of another shape (a later Astro) is left to do its own write (an error under CI).
      const target = this.target;
      if (typeof target !== 'string' && !(target instanceof URL)) {
        internalFallback(
          'FileWriter',
          `its target is ${typeof target}, not a file path: Astro writes the store itself`,
        );
        return write.call(this, collections);
      }
      const written = await writeStoreFile(target, collections);
      if (written !== undefined) return written;
      internalFallback(
        'FileWriter',
        'the store holds a value writeStoreFile does not take: Astro writes it in one piece',
      );
      return write.call(this, collections);
    };
  });
}
