// What every route module of the reference API is given (its own module: the shapes' module
// imports the shared types, so the types must not import the shapes).
import type { DatabaseSync } from 'node:sqlite';
import type { createShapes } from './routes/shapes.ts';
import type { Query } from './types.ts';

/** What every route module is given. */
export interface Deps {
  db: DatabaseSync;
  q: Query;
  shapes: ReturnType<typeof createShapes>;
  /** JWT signing secret (kept in the database) */
  secret: string;
}
