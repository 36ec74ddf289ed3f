import { Migration } from '@mikro-orm/migrations';

/**
 * Search reads only GIN indexes now: full text through issues_search and comments_search, typos
 * through the trigram index on titles (issues_title_trgm, with pg_trgm; both since the tracker
 * migration). What served the old typo path and comment recency walk goes: the search_words table
 * and the trigger that filled it on every title write, tsquery_or_agg, and comments_created.
 * The search indexes stop collecting new entries in a pending list (fastupdate): every search had
 * to read that unsorted list too until the next vacuum, and the planner, counting its pages, left
 * the index for a sequential scan. A write now files its entries at once, a few more milliseconds.
 */
const SEARCH_INDEXES = ['issues_search', 'comments_search', 'issues_title_trgm'];

export class Migration20261126200000_search_indexes extends Migration {
  override name = 'Migration20261126200000_search_indexes';

  override up(): void {
    this.addSql('drop trigger if exists issues_search_words on issues;');
    this.addSql('drop function if exists search_words_collect();');
    this.addSql('drop table if exists search_words;');
    this.addSql('drop aggregate if exists tsquery_or_agg(tsquery);');
    this.addSql('drop index if exists comments_created;');
    for (const index of SEARCH_INDEXES) {
      this.addSql(`alter index ${index} set (fastupdate = off);`);
      this.addSql(`select gin_clean_pending_list('${index}'::regclass);`);
    }
  }

  override down(): void {
    for (const index of SEARCH_INDEXES) this.addSql(`alter index ${index} reset (fastupdate);`);
    this.addSql(`create table search_words (word varchar(100) primary key);`);
    this.addSql(`create index search_words_trgm on search_words using gin (word gin_trgm_ops);`);
    this.addSql(`
      create function search_words_collect() returns trigger language plpgsql as $$
      begin
        insert into search_words (word)
          select distinct w from regexp_split_to_table(lower(new.title), '[^[:alnum:]]+') w
           where length(w) between 3 and 100
        on conflict do nothing;
        return new;
      end $$;`);
    this.addSql(`create trigger issues_search_words after insert or update of title on issues for each row execute function search_words_collect();`);
    this.addSql(`
      insert into search_words (word)
        select distinct w from issues, regexp_split_to_table(lower(title), '[^[:alnum:]]+') w
         where length(w) between 3 and 100
      on conflict do nothing;`);
    this.addSql(`create aggregate tsquery_or_agg(tsquery) (sfunc = tsquery_or, stype = tsquery);`);
    this.addSql(`create index comments_created on comments (created_at desc, id desc);`);
  }
}
