/** The public TypeScript SDK: `import { SvcClient } from 'svc/sdk'`. */
export { SvcClient, type SvcClientOptions, type ListSessionsQuery } from './svc-client';
export {
  Session,
  type Observation,
  type ObserveOptions,
  type ScrapeOptions,
  type ScreenshotOptions,
  type WorkflowCodeOptions,
  type NetworkLogOptions,
} from './session';
export { SvcError, type TransportErrorCode } from './svc-error';
export {
  HttpTransport,
  type TransportOptions,
  type RequestInput,
  type BinaryResponse,
} from './http-transport';
export type { SessionResponse, SessionStartInput, Cookie, NetworkLog } from '../shared/sessions';
export type { ActionResult, PageActionInput, ScrapeResponse, WorkflowCode } from '../shared/page';
export type { Account } from '../shared/accounts';
export type { Replay } from '../shared/replay';
