import { Migration } from '@mikro-orm/migrations';

/**
 * The typo path looks words up in a dictionary of title words again, instead of matching the
 * trigrams of every title. Under the bench's mixed load (issue 13) the title-trigram path cost
 * 314 ms per typo search and more than half of PostgreSQL's time: in a workspace whose titles share
 * a small vocabulary every trigram is common, so `%>` rechecked nearly every title. The dictionary
 * holds each word once (thousands of rows, not one per issue); the closest words found through its
 * trigram index then go through the full-text GIN index like any other search. A title write adds
 * its new words (a few index probes, `on conflict do nothing`); words of changed or deleted titles
 * stay, and at worst suggest a word that finds nothing.
 */
export class Migration20261127600000_search_words extends Migration {
  override name = 'Migration20261127600000_search_words';

  override up(): void {
    this.addSql(`create table search_words (word varchar(60) primary key);`);
    this.addSql(`create index search_words_trgm on search_words using gin (word gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`
      create function search_words_collect() returns trigger language plpgsql as $$
      begin
        insert into search_words (word)
          select distinct w from regexp_split_to_table(lower(new.title), '[^[:alnum:]]+') w
           where length(w) between 3 and 60
        on conflict do nothing;
        return new;
      end $$;`);
    this.addSql(`create trigger issues_search_words after insert or update of title on issues for each row execute function search_words_collect();`);
    this.addSql(`
      insert into search_words (word)
        select distinct w from issues, regexp_split_to_table(lower(title), '[^[:alnum:]]+') w
         where length(w) between 3 and 60
      on conflict do nothing;`);
  }

  override down(): void {
    this.addSql('drop trigger if exists issues_search_words on issues;');
    this.addSql('drop function if exists search_words_collect();');
    this.addSql('drop table if exists search_words;');
  }
}
