/**
 * Test-only fault points (tests/unit/publisher/faults.test.ts on the release store,
 * tests/unit/publisher/faults-journey.test.ts on the whole publisher): with PORTAL_FAULT_KILL_AT
 * set to one of these, the process kills itself with SIGKILL at that moment, as a host that loses
 * power would stop it. Unset (always, outside those tests) they do nothing.
 *
 * - `accepted`: a webhook's 202 sent (its events in the journal), its publish not yet begun;
 * - `stage`: half the files of a release placed (release-store/dir.ts);
 * - `activate`: the release's info written, the `live` link not yet swapped;
 * - `switched`: right after the swap, before the publisher records the page map or prunes.
 */
const KILL_POINTS = new Set(['accepted', 'stage', 'activate', 'switched']);

export function faultPoint(name: string): void {
  const at = process.env.PORTAL_FAULT_KILL_AT;
  if (at && at === name && KILL_POINTS.has(name)) process.kill(process.pid, 'SIGKILL');
}
