/** Shared building blocks of every React island (keep them tiny: they count in every island's budget). */
export { IslandRoot, type IslandProps } from './IslandRoot';
export { LoadFailure } from './LoadFailure';
export { Loading } from './Loading';
export { useLoadState } from './use-load-state';
