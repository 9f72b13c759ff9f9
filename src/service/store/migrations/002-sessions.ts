import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('end_reason', 'text')
    .addColumn('error', 'text')
    .addColumn('options_json', 'text', (column) => column.notNull())
    .addColumn('idle_timeout_minutes', 'integer', (column) => column.notNull())
    .addColumn('max_duration_minutes', 'integer', (column) => column.notNull())
    .addColumn('network_request_bytes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('network_response_bytes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('network_log_json', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_accessed_at', 'text', (column) => column.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('sessions_account_created')
    .on('sessions')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('sessions_status').on('sessions').column('status').execute();

  await db.schema
    .createTable('session_steps')
    .addColumn('session_id', 'text', (column) =>
      column.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('step_json', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('session_steps_pk', ['session_id', 'seq'])
    .execute();
}
