import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservationBody } from '../../src/shared/page';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { startSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { act, postJson } from './page-helpers';

describe('observe options', () => {
  let service: TestService;
  let sites: FixtureServer;
  let sessionId: string;
  const observe = async (body: Record<string, unknown>) => {
    const { status, body: observation } = await postJson<ObservationBody>(
      service,
      `/sessions/${sessionId}/page/observe`,
      body,
    );
    expect(status).toBe(200);
    return observation;
  };
  const labels = (observation: ObservationBody) =>
    observation.space.interaction_actions.map((action) => action.text_label);

  beforeAll(async () => {
    sites = await startFixtureServer();
    service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1', SVC_ACTION_TIMEOUT_MS: '5000' });
    sessionId = (await startSession(service)).session_id;
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
  });

  it('waits for min_nb_actions elements while the page is still loading', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('actions.html') });
    const early = await observe({});
    expect(labels(early)).not.toContain('Loaded late');
    await act(service, sessionId, { type: 'reload' });
    const waited = await observe({ min_nb_actions: early.space.interaction_actions.length + 1 });
    expect(labels(waited)).toContain('Loaded late');
  });

  it('lists what the instructions mention first, at most max_nb_actions', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('forms.html') });
    const observation = await observe({ instructions: 'the sign in button', max_nb_actions: 2 });
    expect(observation.space.interaction_actions).toHaveLength(2);
    expect(observation.space.interaction_actions[0].text_label).toBe('Sign in');
  });

  it('refuses a max_nb_actions below 1', async () => {
    const { status } = await postJson(service, `/sessions/${sessionId}/page/observe`, { max_nb_actions: 0 });
    expect(status).toBe(422);
  });
});
