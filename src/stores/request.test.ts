import { describe, expect, it, vi } from 'vitest';
import { createLoader, errorMessage } from './request';

/** A promise the test settles by hand, to order answers deliberately. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createLoader', () => {
  it('goes idle → loading → success and stores the result', async () => {
    const loader = createLoader(async (p: { page: number }) => ({ page: p.page, items: ['ก', 'ข'] }));
    expect(loader.$state.get()).toEqual({ status: 'idle', data: null, error: null });
    const pending = loader.load({ page: 2 });
    expect(loader.$state.get().status).toBe('loading');
    await expect(pending).resolves.toEqual({ status: 'success', data: { page: 2, items: ['ก', 'ข'] } });
    expect(loader.$state.get()).toEqual({ status: 'success', data: { page: 2, items: ['ก', 'ข'] }, error: null });
  });

  it('on failure calls the failure callback, keeps the previous data and never rejects', async () => {
    let fail = false;
    const boom = new Error('503');
    const loader = createLoader(async () => {
      if (fail) throw boom;
      return 'first';
    });
    await loader.load(undefined);
    fail = true;
    const onFailure = vi.fn();
    const onSuccess = vi.fn();
    await expect(loader.load(undefined, { onFailure, onSuccess })).resolves.toEqual({ status: 'error', error: boom });
    expect(onFailure).toHaveBeenCalledWith(boom);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(loader.$state.get()).toEqual({ status: 'error', data: 'first', error: boom });
  });

  it('a failure without a callback is stored, not thrown', async () => {
    const loader = createLoader(async () => {
      throw new Error('down');
    });
    await expect(loader.load(undefined)).resolves.toMatchObject({ status: 'error' });
    expect(loader.$state.get().status).toBe('error');
  });

  it('ignores a stale answer: the newer load wins even when the older answers last', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    let call = 0;
    const loader = createLoader((_: string, signal) => {
      signals.push(signal);
      return answers[call++]!.promise;
    });
    const onSuccessOld = vi.fn();
    const first = loader.load('การค้า', { onSuccess: onSuccessOld });
    const second = loader.load('ส่งออก');
    expect(signals[0]!.aborted).toBe(true);
    answers[1]!.resolve('ผลของ ส่งออก');
    await second;
    answers[0]!.resolve('ผลของ การค้า');
    await expect(first).resolves.toEqual({ status: 'stale' });
    expect(onSuccessOld).not.toHaveBeenCalled();
    expect(loader.$state.get().data).toBe('ผลของ ส่งออก');
  });

  it('ignores a stale failure too', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const loader = createLoader(() => answers[call++]!.promise);
    const onFailure = vi.fn();
    const first = loader.load(1, { onFailure });
    const second = loader.load(2);
    answers[1]!.resolve('ok');
    await second;
    answers[0]!.reject(new Error('late'));
    await first;
    expect(onFailure).not.toHaveBeenCalled();
    expect(loader.$state.get()).toEqual({ status: 'success', data: 'ok', error: null });
  });

  it('reset and setData drop an answer still in flight', async () => {
    const answer = deferred<string>();
    const loader = createLoader(() => answer.promise);
    const pending = loader.load(undefined);
    loader.reset();
    answer.resolve('late');
    await expect(pending).resolves.toEqual({ status: 'stale' });
    expect(loader.$state.get()).toEqual({ status: 'idle', data: null, error: null });
    loader.setData('from static HTML');
    expect(loader.$state.get()).toEqual({ status: 'success', data: 'from static HTML', error: null });
  });
});

describe('errorMessage', () => {
  it('returns the server message when the error carries one', () => {
    expect(errorMessage({ serverMessage: 'รหัสผ่านไม่ถูกต้อง' })).toBe('รหัสผ่านไม่ถูกต้อง');
    expect(errorMessage(new Error('x'))).toBeUndefined();
    expect(errorMessage(null)).toBeUndefined();
  });
});
