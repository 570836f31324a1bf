/**
 * The one logger of spec point 8 ("console logging is disabled").
 *
 * - `logger`: for code that runs in the browser (and is shared with the build, like the API
 *   client). Prints in development and tests; silent in production builds, where Vite replaces
 *   `import.meta.env.PROD` with `true` so the calls cost nothing. `setLoggingForced(true)` turns
 *   it back on (e.g. from the console while diagnosing a live page).
 */

export type LogLevel = 'info' | 'warn' | 'error';
export type LogSink = (level: LogLevel, args: unknown[]) => void;

export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** A logger that asks `enabled()` at every call, so the switch can change at run time. */
export function createLogger(enabled: () => boolean, sink: LogSink): Logger {
  const at =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      if (enabled()) sink(level, args);
    };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

let forced = false;

/** Turns the browser logger on in a production build (or back off). @internal (tests) */
export function setLoggingForced(on: boolean): void {
  forced = on;
}

export function isLoggingEnabled(): boolean {
  return forced || !import.meta.env.PROD;
}

const consoleSink: LogSink = (level, args) => {
  // eslint-disable-next-line no-console -- this is the one place allowed to touch the console
  console[level](...args);
};

export const logger: Logger = createLogger(isLoggingEnabled, consoleSink);
