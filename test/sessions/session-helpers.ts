import { spawnSync } from 'node:child_process';
import type { SessionResponse } from '../../src/shared/sessions';
import type { TestService } from '../support/test-service';

export async function startSession(
  service: TestService,
  options: Record<string, unknown> = {},
): Promise<SessionResponse> {
  const response = await service.call('/sessions/start', { method: 'POST', json: options });
  if (response.status !== 200) throw new Error(`start failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SessionResponse;
}

export async function stopSession(service: TestService, sessionId: string): Promise<SessionResponse> {
  const response = await service.call(`/sessions/${sessionId}/stop`, { method: 'DELETE' });
  return (await response.json()) as SessionResponse;
}

/** The page a session's actions act on, driven in-process (page actions are another domain's routes). */
export function activePage(service: TestService, sessionId: string) {
  const session = service.running.context.sessions.findById(sessionId);
  if (!session) throw new Error(`session ${sessionId} is not running`);
  return session.activePage();
}

/** Chromium processes started by this test process (the pool launches them as our direct children). */
export function chromiumChildren(): number[] {
  const { stdout } = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command?.includes('chrom'))
    .map(([pid]) => Number(pid));
}
