// Live viewer and replay: frames/s on an animated page at 1024x768, input-to-visible-frame latency, CPU of one
// viewer (service process and Chromium), and encoding a 5-minute replay (3,000 frames at 10 fps).
// Run: npx tsx bench/viewer-bench.ts  → bench/results/viewer.json
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { encodeReplay } from '../src/service/replay/replay-encoder.js';
import type { RecordedFrame } from '../src/service/replay/replay-files.js';
import type { SessionResponse } from '../src/shared/sessions.js';
import { startFixtureServer } from '../test/fixtures/sites/fixture-server.js';
import { disposeTestService, startTestService, type TestService } from '../test/support/test-service.js';
import { writeBenchResult } from './bench-result.js';

const MEASURE_MS = 5_000;
const LATENCY_RUNS = 40;
const clockTicksPerS = 100;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CPU seconds used so far by the processes this one started (the pool's Chromium), from Linux /proc. */
function chromiumCpuS(): number {
  return treeCpuS(process.pid) - treeCpuS(process.pid, false);
}

/** CPU seconds used so far by a process and (unless told otherwise) all its descendants. */
function treeCpuS(rootPid: number, withDescendants = true): number {
  const children = new Map<number, number[]>();
  let total = 0;
  const own = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      own.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / clockTicksPerS);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += own.get(pid) ?? 0;
    if (withDescendants) stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function openStream(service: TestService, sessionId: string): Promise<WebSocket> {
  const token = encodeURIComponent(service.running.context.tokens.sign(sessionId, 'control', 600));
  const socket = new WebSocket(
    `${service.url.replace('http', 'ws')}/sessions/${sessionId}/viewer/stream?token=${token}`,
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'size', width: 1024, height: 768 }));
  return socket;
}

/** Frames per second and CPU % (service process, Chromium) with one viewer on an animated page. */
async function measureFrameRate(service: TestService, sessionId: string) {
  const cpuBefore = { node: process.cpuUsage(), chromium: chromiumCpuS() };
  await sleep(MEASURE_MS);
  const idle = {
    node: process.cpuUsage(cpuBefore.node),
    chromium: chromiumCpuS() - cpuBefore.chromium,
  };
  const socket = await openStream(service, sessionId);
  let frames = 0;
  socket.on('message', (data) => {
    if (data.toString().startsWith('{"type":"frame"')) frames += 1;
  });
  await sleep(1000); // the screencast settles to the viewer's size
  frames = 0;
  const start = { node: process.cpuUsage(), chromium: chromiumCpuS(), at: performance.now() };
  await sleep(MEASURE_MS);
  const elapsedS = (performance.now() - start.at) / 1000;
  const node = process.cpuUsage(start.node);
  const chromium = chromiumCpuS() - start.chromium;
  socket.close();
  const pct = (seconds: number) => Math.round((seconds / elapsedS) * 1000) / 10;
  return {
    frames_per_s: Math.round((frames / elapsedS) * 10) / 10,
    target_frames_per_s: 25,
    cpu_service_process_pct: pct((node.user + node.system) / 1e6),
    cpu_service_process_without_viewer_pct: pct((idle.node.user + idle.node.system) / 1e6),
    cpu_chromium_pct: pct(chromium),
    cpu_chromium_without_viewer_pct: pct(idle.chromium),
  };
}

/** Time from sending a key press over the viewer socket to the first frame showing it. */
async function measureInputLatency(service: TestService, sessionId: string) {
  const socket = await openStream(service, sessionId);
  let onFrame: (() => void) | undefined;
  socket.on('message', (data) => {
    if (data.toString().startsWith('{"type":"frame"')) onFrame?.();
  });
  await sleep(1000);
  const latencies: number[] = [];
  for (let run = 0; run < LATENCY_RUNS; run++) {
    const shown = new Promise<void>((resolve) => (onFrame = resolve));
    const sentAt = performance.now();
    socket.send(JSON.stringify({ type: 'key', event: 'down', key: 'a', code: 'KeyA', keyCode: 65 }));
    socket.send(JSON.stringify({ type: 'key', event: 'up', key: 'a', code: 'KeyA', keyCode: 65 }));
    await shown;
    latencies.push(performance.now() - sentAt);
    onFrame = undefined;
    await sleep(150); // let the page go still again
  }
  socket.close();
  return {
    input_to_frame_p50_ms: Math.round(percentile(latencies, 50) * 10) / 10,
    input_to_frame_p95_ms: Math.round(percentile(latencies, 95) * 10) / 10,
    target_p50_ms: 100,
    runs: LATENCY_RUNS,
  };
}

/** Encoding 3,000 synthetic 1024x768 frames, one every 100 ms (a 5-minute recording at the 10 fps cap). */
async function measureReplayEncoding() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-replay-bench-'));
  try {
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1024x768:rate=10',
      '-frames:v',
      '3000',
      '-q:v',
      '5',
      join(dir, '%07d.jpg'),
    ]);
    const start = Date.now();
    const frames: RecordedFrame[] = readdirSync(dir)
      .filter((file) => file.endsWith('.jpg'))
      .sort()
      .map((file, index) => ({ file, t: start + index * 100 }));
    appendFileSync(join(dir, 'frames.jsonl'), frames.map((frame) => JSON.stringify(frame)).join('\n'));
    const encodeStart = performance.now();
    const output = await encodeReplay(dir, frames, start + 300_000);
    const encodeS = (performance.now() - encodeStart) / 1000;
    const duration = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      output,
    ]);
    return {
      frames: frames.length,
      video_duration_s: Math.round(Number(duration.toString()) * 10) / 10,
      encode_s: Math.round(encodeS * 100) / 100,
      target_encode_s: 15,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startSessionOn(service: TestService, url: string): Promise<string> {
  const response = await service.call('/sessions/start', {
    method: 'POST',
    json: { viewport_width: 1024, viewport_height: 768 },
  });
  const { session_id: sessionId } = (await response.json()) as SessionResponse;
  await service.running.context.sessions.findById(sessionId)!.activePage().goto(url);
  return sessionId;
}

async function main(): Promise<void> {
  const sites = await startFixtureServer();
  const service = await startTestService();
  try {
    const animated = await startSessionOn(service, sites.url('viewer-input.html'));
    const frameRate = await measureFrameRate(service, animated);
    await service.call(`/sessions/${animated}/stop`, { method: 'DELETE' });

    const still = await startSessionOn(service, sites.url('viewer-latency.html'));
    const latency = await measureInputLatency(service, still);
    await service.call(`/sessions/${still}/stop`, { method: 'DELETE' });

    const replay = await measureReplayEncoding();
    writeBenchResult('viewer', {
      viewport: '1024x768',
      note: 'service process CPU includes recording the session for replay (one more screencast)',
      live_view: frameRate,
      input_latency: latency,
      replay_encoding: replay,
    });
  } finally {
    await disposeTestService(service);
    await sites.close();
  }
}

await main();
