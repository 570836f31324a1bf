/** Tracking never throws; a failure logs exactly the spec point 8 message. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { ApiError } from '../api/errors';
import { trackPageView } from './tracking-api';
import { logger } from '../lib/logger';

afterEach(() => vi.restoreAllMocks());

describe('trackPageView', () => {
  it('posts {url} to /tracking', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { ok: true } });
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await trackPageView('/en/articles/', 'en');
    expect(post).toHaveBeenCalledWith('/tracking', { url: '/en/articles/' }, { lang: 'en' });
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['an API error', new ApiError({ status: 503, body: undefined, endpoint: '/tracking', message: 'down' })],
    ['any other error', new TypeError('fetch failed')],
  ])("resolves and logs 'Error on tracking page view.' on %s", async (_, failure) => {
    vi.spyOn(api, 'post').mockRejectedValue(failure);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await expect(trackPageView('/')).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Error on tracking page view.');
  });
});
