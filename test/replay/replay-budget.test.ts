import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { act } from '../page/page-helpers';
import { startSession, stopSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;

/** Timestamps of the frames a session's recording kept so far. */
function keptFrameTimes(sessionId: string): number[] {
  const file = join(service.dataDir, 'replays', sessionId, 'frames.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { t: number }).t);
}

beforeAll(async () => {
  sites = await startFixtureServer();
  // One frame a second for all recordings: with two sessions, each waits 2 s between frames, long enough that
  // its screencast pauses in between.
  service = await startTestService({ SVC_REPLAY_TOTAL_FPS: '1' });
});
afterAll(async () => {
  await disposeTestService(service);
  await sites.close();
});

it('keeps recording a changing page when frames are far apart (the screencast pauses in between), at the pace of the budget', async () => {
  const [busy, idle] = [await startSession(service), await startSession(service)];
  await act(service, busy.session_id, { type: 'goto', url: sites.url('forms.html') });
  await act(service, busy.session_id, {
    type: 'evaluate_js',
    code: '(setInterval(() => { document.body.style.background = `hsl(${Date.now() % 360} 50% 50%)`; }, 100), true)',
  });
  const ticking = Date.now();
  const sinceTicking = () => keptFrameTimes(busy.session_id).filter((t) => t > ticking);
  // 2 s between frames on a quiet machine, up to 8 s while the CPU is busy (the budget shrinks to a quarter).
  await expect
    .poll(() => sinceTicking().length, { timeout: 40_000, interval: 500 })
    .toBeGreaterThanOrEqual(3);
  const recent = sinceTicking();
  const gaps = recent.slice(1).map((t, index) => t - recent[index]!);
  expect(Math.min(...gaps)).toBeGreaterThan(1_500);
  await Promise.all([stopSession(service, busy.session_id), stopSession(service, idle.session_id)]);
}, 60_000);
