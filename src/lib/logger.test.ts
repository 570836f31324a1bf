import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, isLoggingEnabled, logger, setLoggingForced, type LogLevel } from './logger';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  setLoggingForced(false);
});

describe('createLogger', () => {
  it('passes level and arguments to the sink only while enabled', () => {
    const calls: Array<[LogLevel, unknown[]]> = [];
    let on = true;
    const log = createLogger(
      () => on,
      (level, args) => calls.push([level, args]),
    );
    log.warn('skipped', { id: 3 });
    log.error('failed', 503);
    on = false;
    log.info('hidden');
    expect(calls).toEqual([
      ['warn', ['skipped', { id: 3 }]],
      ['error', ['failed', 503]],
    ]);
  });
});

describe('logger (browser)', () => {
  it('prints outside production', () => {
    vi.stubEnv('PROD', false);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    logger.error('Error on tracking page view.');
    expect(spy).toHaveBeenCalledWith('Error on tracking page view.');
  });

  it('is silent in production builds unless forced', () => {
    vi.stubEnv('PROD', true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(isLoggingEnabled()).toBe(false);
    logger.error('x');
    logger.warn('x');
    logger.info('x');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();

    setLoggingForced(true);
    logger.warn('now visible');
    expect(warn).toHaveBeenCalledWith('now visible');
  });
});
