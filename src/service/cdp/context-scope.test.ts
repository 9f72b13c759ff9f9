import { describe, expect, it } from 'vitest';
import { ContextScope } from './context-scope';

const ours = 'CTX_OURS';
const page = (targetId: string, browserContextId: string) => ({ targetId, browserContextId, type: 'page' });

describe('a CDP client confined to one browser context', () => {
  it('sees only its own targets in Target.getTargets', () => {
    const scope = new ContextScope(ours);
    const response = scope.response('Target.getTargets', {
      id: 1,
      result: { targetInfos: [page('A', ours), page('B', 'CTX_OTHER')] },
    });
    expect(response.result).toEqual({ targetInfos: [page('A', ours)] });
  });

  it('creates targets in its own context whatever it asks for', () => {
    const verdict = new ContextScope(ours).fromClient({
      id: 2,
      method: 'Target.createTarget',
      params: { url: 'about:blank', browserContextId: 'CTX_OTHER' },
    });
    expect(verdict).toEqual({
      forward: {
        id: 2,
        method: 'Target.createTarget',
        params: { url: 'about:blank', browserContextId: ours },
      },
    });
  });

  it('cannot attach to, or send to, a target of another context', () => {
    const scope = new ContextScope(ours);
    expect(
      scope.fromClient({ id: 3, method: 'Target.attachToTarget', params: { targetId: 'B' } }),
    ).toHaveProperty('reply.error');
    expect(scope.fromClient({ id: 4, method: 'Runtime.evaluate', sessionId: 'SESSION_OF_B' })).toHaveProperty(
      'reply.error',
    );
  });

  it('refuses commands that reach the whole browser, even on its own sessions', () => {
    const scope = new ContextScope(ours);
    scope.event({
      method: 'Target.attachedToTarget',
      params: { sessionId: 'S1', targetInfo: page('A', ours) },
    });
    for (const method of ['Target.createBrowserContext', 'Target.attachToBrowserTarget', 'Browser.crash']) {
      expect(scope.fromClient({ id: 5, method })).toHaveProperty('reply.error');
      expect(scope.fromClient({ id: 6, method, sessionId: 'S1' })).toHaveProperty('reply.error');
    }
    expect(scope.fromClient({ id: 7, method: 'Browser.close' })).toEqual({
      reply: { id: 7, result: {} },
      thenClose: true,
    });
  });

  it('releases auto-attached targets of other contexts instead of holding them paused', () => {
    const verdict = new ContextScope(ours).event({
      method: 'Target.attachedToTarget',
      params: { sessionId: 'S2', targetInfo: page('B', 'CTX_OTHER'), waitingForDebugger: true },
    });
    expect(verdict).toEqual({
      deliver: false,
      release: [
        { method: 'Runtime.runIfWaitingForDebugger', sessionId: 'S2' },
        { method: 'Target.detachFromTarget', params: { sessionId: 'S2' } },
      ],
    });
  });

  it('delivers the events of its own sessions and drops browser-wide ones', () => {
    const scope = new ContextScope(ours);
    scope.event({
      method: 'Target.attachedToTarget',
      params: { sessionId: 'S1', targetInfo: page('A', ours) },
    });
    expect(scope.event({ method: 'Page.loadEventFired', sessionId: 'S1' }).deliver).toBe(true);
    expect(scope.event({ method: 'Page.loadEventFired', sessionId: 'S9' }).deliver).toBe(false);
    expect(scope.event({ method: 'Browser.downloadWillBegin', params: { url: 'x' } }).deliver).toBe(false);
  });
});
