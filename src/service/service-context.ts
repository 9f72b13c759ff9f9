import type { ServiceSettings } from '../shared/settings';
import { AccountsRepository } from './accounts/accounts-repository';
import { AccountsService } from './accounts/accounts-service';
import { ApiKeysRepository } from './api-keys/api-keys-repository';
import { ApiKeysService } from './api-keys/api-keys-service';
import { FilesService } from './files/files-service';
import { SessionTokens } from './http/signed-token';
import { createPageService } from './page/create-page-service';
import type { PageService } from './page/page-service';
import { ProfilesRepository } from './profiles/profiles-repository';
import { ProfilesService } from './profiles/profiles-service';
import { createSessionsService } from './sessions/create-sessions-service';
import type { SessionsService } from './sessions/sessions-service';
import type { Store } from './store/database';

/** The service's domain objects, wired once at start and handed to the HTTP layer. */
export interface ServiceContext {
  settings: ServiceSettings;
  /** Base URL clients reach the service at; known once it listens, so read it at request time. */
  publicUrl: string;
  store: Store;
  accounts: AccountsService;
  apiKeys: ApiKeysService;
  tokens: SessionTokens;
  profiles: ProfilesService;
  sessions: SessionsService;
  files: FilesService;
  pages: PageService;
}

export function createServiceContext(
  settings: ServiceSettings,
  store: Store,
  publicUrl: string,
): ServiceContext {
  const context: Omit<ServiceContext, 'sessions' | 'pages'> = {
    settings,
    publicUrl,
    store,
    accounts: new AccountsService(new AccountsRepository(store)),
    apiKeys: new ApiKeysService(new ApiKeysRepository(store)),
    tokens: SessionTokens.fromDataDir(settings.SVC_DATA_DIR),
    profiles: new ProfilesService(new ProfilesRepository(store)),
    files: FilesService.inDataDir(
      settings.SVC_DATA_DIR,
      { maxUploadBytes: settings.SVC_MAX_UPLOAD_BYTES, maxDownloadBytes: settings.SVC_MAX_DOWNLOAD_BYTES },
      // Called per request, once `sessions` below exists.
      (accountId, sessionId) => sessions.status(accountId, sessionId),
    ),
  };
  const sessions = createSessionsService({
    settings,
    store,
    tokens: context.tokens,
    profiles: context.profiles,
    publicUrl: () => context.publicUrl,
  });
  const pages = createPageService(settings, sessions, context.files);
  return Object.assign(context, { sessions, pages });
}
