import type { Store } from '../store/database';
import type { SessionTable } from '../store/schema';

export type SessionEnd = Pick<
  SessionTable,
  | 'status'
  | 'end_reason'
  | 'error'
  | 'closed_at'
  | 'last_accessed_at'
  | 'network_request_bytes'
  | 'network_response_bytes'
  | 'network_log_json'
>;

export class SessionsRepository {
  constructor(private readonly db: Store) {}

  async insert(session: SessionTable): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  find(accountId: string, sessionId: string): Promise<SessionTable | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** One page, newest first; one row more than asked so the caller knows whether a next page exists. */
  listPage(accountId: string, onlyActive: boolean, offset: number, limit: number): Promise<SessionTable[]> {
    let query = this.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId);
    if (onlyActive) query = query.where('status', '=', 'active');
    return query.orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute();
  }

  async end(sessionId: string, end: SessionEnd): Promise<void> {
    await this.db.updateTable('sessions').set(end).where('id', '=', sessionId).execute();
  }

  /** Closes sessions a previous run of the service left open; returns how many. */
  async closeLeftActive(at: string): Promise<number> {
    const result = await this.db
      .updateTable('sessions')
      .set({ status: 'closed', end_reason: 'service_restart', closed_at: at })
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async insertStep(sessionId: string, seq: number, stepJson: string): Promise<void> {
    await this.db
      .insertInto('session_steps')
      .values({ session_id: sessionId, seq, step_json: stepJson })
      .execute();
  }

  async listSteps(sessionIds: string[]): Promise<Map<string, string[]>> {
    const steps = new Map<string, string[]>(sessionIds.map((id) => [id, []]));
    if (sessionIds.length === 0) return steps;
    const rows = await this.db
      .selectFrom('session_steps')
      .select(['session_id', 'step_json'])
      .where('session_id', 'in', sessionIds)
      .orderBy('session_id')
      .orderBy('seq')
      .execute();
    for (const row of rows) steps.get(row.session_id)?.push(row.step_json);
    return steps;
  }
}
