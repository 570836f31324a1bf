/**
 * The bridge (bridge.ts): each slot has its own key, and its accessors, its generated code and
 * `Symbol.for` of its key all reach the same place on `globalThis`, as the bundle's copy of a
 * module and the publisher's do.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_VERSION, PATCH_MARKS, SLOTS } from './bridge';

afterEach(() => {
  CONTENT_VERSION.clear();
});

describe('the bridge', () => {
  it('gives every slot a key of its own, with who writes and who reads it', () => {
    const slots = Object.values(SLOTS);
    const keys = slots.map((slot) => slot.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const slot of slots) {
      expect(slot.key).toMatch(/^portal\.[a-z-]+(\.[a-z-]+)*$/);
      expect(slot.writtenBy.length, slot.key).toBeGreaterThan(0);
      expect(slot.readBy.length, slot.key).toBeGreaterThan(0);
    }
    const marks = Object.values(PATCH_MARKS).map((mark) => Symbol.keyFor(mark));
    expect(marks.every((key) => key && !keys.includes(key))).toBe(true);
  });

  it('reaches one place on globalThis from any copy of a module: accessors, generated code and the key', () => {
    CONTENT_VERSION.set(3);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for(CONTENT_VERSION.key)]).toBe(3);
    const generated = new Function(`return ${CONTENT_VERSION.code};`) as () => unknown;
    expect(generated()).toBe(3);
    new Function(`${CONTENT_VERSION.code} = 4;`)();
    expect(CONTENT_VERSION.get()).toBe(4);
    CONTENT_VERSION.clear();
    expect(CONTENT_VERSION.get()).toBeUndefined();
    expect(Object.getOwnPropertySymbols(globalThis)).not.toContain(Symbol.for(CONTENT_VERSION.key));
  });
});
