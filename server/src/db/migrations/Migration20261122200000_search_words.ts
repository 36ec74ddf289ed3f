import { Migration } from '@mikro-orm/migrations';

/**
 * Typo-tolerant search without scanning every title: the distinct words of all titles, kept by a
 * trigger, are matched by trigram similarity (a small table), and the best words then go through
 * the full-text index — the approach the pg_trgm documentation recommends for spelling suggestions.
 */
export class Migration20261122200000_search_words extends Migration {
  override name = 'Migration20261122200000_search_words';

  override up(): void {
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
    this.addSql(`create index comments_created on comments (created_at desc, id desc);`);
    // OR-combines the tsqueries of the closest words, so one full-text index scan finds them all.
    this.addSql(`create aggregate tsquery_or_agg(tsquery) (sfunc = tsquery_or, stype = tsquery);`);
  }

  override down(): void {
    this.addSql('drop trigger if exists issues_search_words on issues;');
    this.addSql('drop function if exists search_words_collect();');
    this.addSql('drop table if exists search_words;');
    this.addSql('drop index if exists comments_created;');
    this.addSql('drop aggregate if exists tsquery_or_agg(tsquery);');
  }
}
