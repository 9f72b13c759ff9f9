import type { FastifyInstance } from 'fastify';
import { profileOperations } from '../../shared/profiles';
import { addRoute } from '../http/route';
import type { ProfilesService } from './profiles-service';

export function registerProfileRoutes(app: FastifyInstance, profiles: ProfilesService): void {
  addRoute(app, profileOperations.createProfile, async ({ principal, body }) =>
    profiles.create(principal.accountId, body.name),
  );
  addRoute(app, profileOperations.listProfiles, async ({ principal, query }) =>
    profiles.list(principal.accountId, query.page, query.page_size),
  );
  addRoute(app, profileOperations.getProfile, async ({ principal, params }) =>
    profiles.get(principal.accountId, params.profile_id),
  );
  addRoute(app, profileOperations.deleteProfile, async ({ principal, params }) => {
    await profiles.delete(principal.accountId, params.profile_id);
    return { success: true, message: `Profile ${params.profile_id} deleted` };
  });
}
