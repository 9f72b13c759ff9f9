import { spawn } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordedFrame } from './replay-files';

/** A frame shown less than this is still given this long, so players do not drop it. */
const minFrameDurationS = 0.01;

/**
 * The ffmpeg concat list: each frame shown until the next one was recorded, the last one until `endMs`.
 * The last file is listed twice because the concat demuxer ignores the final entry's duration.
 */
export function concatList(frames: RecordedFrame[], endMs: number): string {
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, index) => {
    const until = frames[index + 1]?.t ?? Math.max(endMs, frame.t);
    lines.push(
      `file '${frame.file}'`,
      `duration ${Math.max(minFrameDurationS, (until - frame.t) / 1000).toFixed(3)}`,
    );
  });
  const last = frames.at(-1);
  if (last) lines.push(`file '${last.file}'`);
  return `${lines.join('\n')}\n`;
}

function runFfmpeg(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr}`)),
    );
  });
}

/**
 * Encodes recorded frames (in `dir`) to `dir/replay.mp4`: H.264, variable frame rate (each frame keeps its
 * recorded duration, nothing is duplicated), even dimensions for yuv420p, moov atom first for streaming.
 * Written to a temporary name and renamed, so a reader never sees a half-written file.
 */
export async function encodeReplay(dir: string, frames: RecordedFrame[], endMs: number): Promise<string> {
  await writeFile(join(dir, 'frames.ffconcat'), concatList(frames, endMs));
  const output = join(dir, 'replay.mp4');
  const partial = join(dir, 'replay.partial.mp4');
  await runFfmpeg(
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      'frames.ffconcat',
      '-vf',
      'scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p',
      '-fps_mode',
      'vfr',
      '-c:v',
      'libx264',
      // ultrafast: a 5-minute recording encodes in seconds on two shared cores; screencasts compress well anyway.
      '-preset',
      'ultrafast',
      '-crf',
      '28',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      partial,
    ],
    dir,
  );
  await rename(partial, output);
  return output;
}
