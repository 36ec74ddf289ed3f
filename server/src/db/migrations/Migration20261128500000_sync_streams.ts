import { Migration } from '@mikro-orm/migrations';
import { syncLogTrigger } from './Migration20261128300000_sync_log.ts';

/**
 * Streams join the client store (issue 14): every signed-in user sees every stream, and the store
 * keeps what pickers and the issue page show of one (name and status), so a change of those, a new
 * stream or a deleted one goes into the sync log.
 */
const STREAMS = { table: 'streams', entity: 'stream', id: 'r.id', project: 'null', events: 'insert or delete or update of name, status' };

export class Migration20261128500000_sync_streams extends Migration {
  override name = 'Migration20261128500000_sync_streams';

  override up(): void {
    for (const sql of syncLogTrigger(STREAMS)) this.addSql(sql);
  }

  override down(): void {
    this.addSql(`drop trigger a_sync_log on streams;`);
    this.addSql(`drop function sync_log_streams();`);
  }
}
