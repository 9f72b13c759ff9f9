import type { FastifyInstance } from 'fastify';
import { pageOperations } from '../../shared/page';
import type { SessionResponse } from '../../shared/sessions';
import { addRoute } from '../http/route';
import type { PageService } from './page-service';
import { workflowCode } from './workflow/workflow-code';

/** Where workflow code reads a session's steps, also after it ended; 404 for another account's session. */
export interface SessionSteps {
  status(accountId: string, sessionId: string): Promise<Pick<SessionResponse, 'steps'>>;
}

export function registerPageRoutes(app: FastifyInstance, pages: PageService, sessions: SessionSteps): void {
  addRoute(app, pageOperations.observePage, async ({ principal, params, body }) =>
    pages.observe(principal.accountId, params.session_id, body),
  );
  addRoute(app, pageOperations.executeAction, async ({ principal, params, body }) =>
    pages.execute(principal.accountId, params.session_id, body),
  );
  addRoute(app, pageOperations.scrapePage, async ({ principal, params, body }) =>
    pages.scrape(principal.accountId, params.session_id, body),
  );
  addRoute(app, pageOperations.screenshotPage, async ({ principal, params, body, reply }) => {
    const image = await pages.screenshot(principal.accountId, params.session_id, body);
    return reply.type(body.type === 'jpeg' ? 'image/jpeg' : 'image/png').send(image);
  });
  addRoute(app, pageOperations.getWorkflowCode, async ({ principal, params, query }) => {
    const { steps } = await sessions.status(principal.accountId, params.session_id);
    return workflowCode(steps, { asWorkflow: query.as_workflow, language: query.language });
  });
}
