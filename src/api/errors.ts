/**
 * The errors a call can reject with (spec point 8). Callers branch on `instanceof`,
 * never on message text.
 */

/** The server answered with a failure status, or the request never got an answer. */
export class ApiError extends Error {
  /** HTTP status; 503 when there was no response at all (network error, timeout). */
  readonly status: number;
  /** The server's parsed response body when there was one (spec point 8: "carries the body"). */
  readonly body: unknown;
  /** Path under /api/frontend, e.g. "/content/page/a". */
  readonly endpoint: string;

  constructor(init: { status: number; body: unknown; endpoint: string; message: string; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.endpoint = init.endpoint;
  }

  /** The server's own message (in the request's language) when the body has one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | null;
    return body && typeof body.message === 'string' ? body.message : undefined;
  }
}

/** A response did not match the shape the portal relies on. Names where it broke. */
export class SchemaError extends Error {
  readonly endpoint: string;
  /** The record's id/slug/uuid when the failing part is one record of a list. */
  readonly recordId: string | undefined;
  /** Dotted path of the first offending field, e.g. "cover.width". */
  readonly field: string;

  constructor(init: { endpoint: string; recordId?: string; field: string; detail: string }) {
    const where = init.recordId === undefined ? '' : ` id=${init.recordId}`;
    super(`Unexpected response from ${init.endpoint}${where}: field "${init.field}" ${init.detail}`);
    this.name = 'SchemaError';
    this.endpoint = init.endpoint;
    this.recordId = init.recordId;
    this.field = init.field;
  }
}

/** Spec point 5/8: a request with no URL is rejected with exactly this message. */
export const INVALID_URL_MESSAGE = 'Axios: Invalid URL';
