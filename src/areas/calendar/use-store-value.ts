/**
 * A nanostores store's value as React state. Does what `useStore` from @nanostores/react does
 * for this island's one store, without that package's chunk (about 0.6 KB gzipped), which
 * would push the calendar page over its 100 KB JavaScript budget.
 */
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

export function useStoreValue<T>(store: ReadableAtom<T>): T {
  const [value, setValue] = useState(() => store.get());
  // subscribe() calls back at once with the current value, so nothing set between render and effect is missed.
  useEffect(() => store.subscribe((next) => setValue(() => next)), [store]);
  return value;
}
