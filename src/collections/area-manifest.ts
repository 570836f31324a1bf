/**
 * What an area is, declared once in its own folder (`src/areas/<area>/manifest.ts`) and listed
 * once in src/areas/registry.ts. Everything else that must know the areas is derived from the
 * registry: the content-layer collections (src/content.config.ts), the publisher's re-read plan
 * (which collections a webhook type makes stale, which detail answers it may reuse:
 * scripts/publisher/content-store.ts), the list filters' settings (src/ui/list-filter/) and the
 * collections the cache tags name (scripts/publisher/tags.ts). tests/unit/areas.test.ts fails
 * when a collection, a webhook type or a filter has no owner.
 *
 * A manifest is data only: it imports types and nothing else, so the publisher (plain Node) can
 * read it and a page that reads its filter settings bundles no area's schemas or loaders.
 */
import type { ListFilterSpec } from '../ui/list-filter/types';

export interface AreaManifest {
  /** The area's folder under src/areas/ (the shell: `shell`, src/shell/). */
  readonly name: string;
  /**
   * Webhook types whose records are the area's own (the editor endpoint's types,
   * scripts/content-api/editor.ts): each type has exactly one owner.
   */
  readonly records?: readonly string[];
  /**
   * The area's content-layer collections (exported as `collections` by its `collection.ts`),
   * each with the webhook types whose edits make it stale (the publisher re-reads it then).
   */
  readonly collections?: Readonly<Record<string, readonly string[]>>;
  /**
   * Detail endpoints of the area's own record types whose answers the publisher's re-read may
   * reuse between publishes: record type → the endpoint of one record, its key captured.
   */
  readonly details?: Readonly<Record<string, RegExp>>;
  /**
   * Webhook types of another area (named in `collections`) that reach this area only through
   * links to its records: the menus link to article pages no list shows (the about page). An
   * edit of one cannot place a record in this area's lists, so the publisher's re-read keeps its
   * lists and detail answers and reads only what the links name (src/areas/registry.ts
   * `linkTypes`).
   */
  readonly linkedBy?: readonly string[];
  /** The area's live list filter (`filter.tsx` and `<Kind>Filter.tsx` in its folder). */
  readonly filter?: ListFilterSpec;
  /**
   * Boundaries its records carry: moments at which what the site shows changes with no edit (a
   * survey closes, an upcoming event ends). Collection → the fields that hold them; the
   * publisher re-reads the collection and queues the type at each (scripts/publisher/schedule.ts).
   */
  readonly boundaries?: Readonly<Record<string, readonly BoundaryField[]>>;
}

/** A record field that holds a boundary (an ISO time). */
export interface BoundaryField {
  /** The field's name, found at any depth of the record (or of `within`). */
  readonly field: string;
  /** The webhook type queued at that moment (its records' pages change then). */
  readonly type: string;
  /** Only under this field of the record: the upcoming events, not the calendar's every event. */
  readonly within?: string;
  /** Only in records whose `kind` is this (a section of the home page). */
  readonly kind?: string;
}

/** Declares an area (the identity function, for the types). */
export const defineArea = <const M extends AreaManifest>(manifest: M): M => manifest;

/**
 * The types of every area's collections, for the content config (src/content.config.ts):
 * each `collection.ts` adds its own (`interface AreaCollections extends Collections {}`).
 * @public (module augmentation: knip does not see it)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaCollections {}
