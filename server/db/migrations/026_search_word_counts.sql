-- How many directory entries hold each stemmed word, in their own words (`about`) or their
-- operations' (`ops`). A task search weighs each query word by how rare it is (BM25's inverse
-- document frequency); counting a word's entries when a query first names it cost as much as the
-- search itself at 100,000 APIs, and every new word a visitor types paid it again. Written again
-- whenever entries are indexed (server/catalog/searchDb.ts, countSearchWords), and here for
-- entries indexed before this table existed.
create table search_word_counts (
  word text primary key,
  entries integer not null
);

alter table search_word_counts enable row level security;
create policy search_word_counts_public_read on search_word_counts for select using (true);

insert into search_word_counts (word, entries)
select word, ndoc from ts_stat(
  'select coalesce(about, ''''::tsvector) || coalesce(ops, ''''::tsvector) from api_search'
);
