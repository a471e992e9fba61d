-- Search in the database: each directory entry's words as a weighted tsvector (its name
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

-- A table of its own, narrow, rather than columns of apis: a search reads every row it matches to
-- check the words' weights, and a row of apis (descriptions, endpoints) fills a page on its own.
-- Only directory entries (entry = id) are searched, so only they have a row.
create table api_search (
  id text primary key references apis (id) on delete cascade,
  search tsvector not null,
  -- The name's and the provider's words joined by one space: "stripe api", "stripe".
  name_key text not null,
  provider_key text not null
);
create index api_search_words on api_search using gin (search);

create table search_words (word text primary key);
create index search_words_trgm on search_words using gist (word public.gist_trgm_ops);

-- Public like the catalogue: anyone may read; only the server's own role writes.
alter table api_search enable row level security;
alter table search_words enable row level security;
create policy api_search_public_read on api_search for select using (true);
create policy search_words_public_read on search_words for select using (true);

-- A catalogue loaded before this has no search rows: forget its hash, so the next start loads it
-- again, with them (server/catalog/load.ts).
delete from app_settings where key = 'catalog_seed';
