-- Search in the database (issue 26): each directory entry's words as a weighted tsvector (its name
-- and provider's words weight A, its summary and the start of its description weight B) under a
-- GIN index, which finds words and prefixes; and a lexicon of the distinct name words under a
-- trigram index (pg_trgm), which finds the candidates for a typo. The words are normalised by the
-- server (server/catalog/searchDb.ts), so PGlite and Postgres index the same words.
-- pg_trgm lives in public: one database may hold several schemas (the tests' do), and an extension
-- exists once per database. Two schemas migrating together may race to create it.
do $$
begin
  create extension if not exists pg_trgm with schema public;
exception when unique_violation or duplicate_object then null;
end $$;

alter table apis add column search tsvector;
-- The name's and the provider's words joined by one space: "stripe api", "stripe".
alter table apis add column name_key text;
alter table apis add column provider_key text;
create index apis_search on apis using gin (search) where entry = id;

create table search_words (word text primary key);
create index search_words_trgm on search_words using gist (word public.gist_trgm_ops);
-- What still needs its search columns (server/catalog/searchDb.ts indexUnsearched): usually none.
create index apis_unsearched on apis (id) where search is null;

-- Name words of a public catalogue: readable as the catalogue is, written by the server only.
alter table search_words enable row level security;
create policy search_words_public_read on search_words for select using (true);
