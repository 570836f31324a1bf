/**
 * Reads a store built on `createLoader` (src/stores/request.ts) for rendering: the status
 * plus the helpers an island needs to choose between loading, failure (with the server's own
 * message when it sent one) and data.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { errorMessage, type LoadState } from '../../stores/request';

export function useLoadState<T>($state: ReadableAtom<LoadState<T>>) {
  const state = useStore($state);
  return {
    ...state,
    loading: state.status === 'loading',
    failed: state.status === 'error',
    /** The server's message for the failure, when it gave one; else undefined (use a generic text). */
    failureMessage: state.status === 'error' ? errorMessage(state.error) : undefined,
  };
}
