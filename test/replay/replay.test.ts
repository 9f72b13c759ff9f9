import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Replay } from '../../src/shared/replay';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { act } from '../page/page-helpers';
import { startSession, stopSession } from '../sessions/session-helpers';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;
let session: SessionResponse;

/** What ffprobe says about the first video stream of an MP4. */
function probe(path: string): { codec: string; durationS: number; frames: number } {
  const output = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-count_frames',
    '-show_entries',
    'stream=codec_name,nb_read_frames:format=duration',
    '-of',
    'json',
    path,
  ]).toString();
  const parsed = JSON.parse(output) as {
    streams: { codec_name: string; nb_read_frames: string }[];
    format: { duration: string };
  };
  return {
    codec: parsed.streams[0]!.codec_name,
    durationS: Number(parsed.format.duration),
    frames: Number(parsed.streams[0]!.nb_read_frames),
  };
}

async function downloadReplay(name: string): Promise<{ replay: Replay; path: string }> {
  const response = await service.call(`/sessions/${session.session_id}/replay`);
  expect(response.status).toBe(200);
  const replay = (await response.json()) as Replay;
  const video = await fetch(replay.mp4_url);
  expect(video.status).toBe(200);
  expect(video.headers.get('content-type')).toBe('video/mp4');
  const path = join(service.dataDir, name);
  writeFileSync(path, Buffer.from(await video.arrayBuffer()));
  return { replay, path };
}

beforeAll(async () => {
  sites = await startFixtureServer();
  service = await startTestService();
  session = await startSession(service);
  await act(service, session.session_id, { type: 'goto', url: sites.url('viewer-input.html') });
});

afterAll(async () => {
  await disposeTestService(service);
  await sites?.close();
});

describe('session replay', () => {
  it('is a valid H.264 MP4 of the session so far while it is active', async () => {
    // Frames arrive as the page paints; on a busy machine the first ones can take a while.
    await expect
      .poll(async () => (await service.call(`/sessions/${session.session_id}/replay`)).status)
      .toBe(200);
    await sleep(1500);
    const { replay, path } = await downloadReplay('active.mp4');
    const video = probe(path);
    expect(video.codec).toBe('h264');
    expect(video.frames).toBeGreaterThan(3);
    expect(replay.video_duration_ms).toBeGreaterThan(1000);
    expect(replay.video_start_ms).toBeGreaterThanOrEqual(Date.now() - 60_000);

    // A <video> player seeks with byte ranges.
    const head = await fetch(replay.mp4_url, { headers: { range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect((await head.arrayBuffer()).byteLength).toBe(100);
  });

  it('covers the whole session after it stopped', async () => {
    const before = (await downloadReplay('before-stop.mp4')).replay;
    await act(service, session.session_id, { type: 'goto', url: sites.url('forms.html') });
    await sleep(300);
    await stopSession(service, session.session_id);
    const { replay, path } = await downloadReplay('after-stop.mp4');
    expect(replay.video_duration_ms).toBeGreaterThan(before.video_duration_ms);
    const video = probe(path);
    expect(video.codec).toBe('h264');
    expect(video.durationS * 1000).toBeGreaterThan(before.video_duration_ms);
  });

  it('is refused without a token, and to another account', async () => {
    const noToken = await fetch(`${service.url}/sessions/${session.session_id}/replay.mp4`);
    expect(noToken.status).toBe(401);
    const otherKey = await createOtherAccountKey(service, 'replay-other@example.org');
    const response = await service.call(`/sessions/${session.session_id}/replay`, {
      headers: { authorization: `Bearer ${otherKey}` },
    });
    expect(response.status).toBe(404);
  });
});
