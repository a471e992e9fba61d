-- Where a similar-APIs build (server/catalog/similar.ts) gathers a category's words a few entries
-- at a time, each step a short statement, before one short transaction weighs them and replaces
-- the category's rows in api_words and api_vocabulary. Gathering all of a large category in one
-- statement held the embedded database, which runs one call at a time, for seconds. Rows belong to
-- one build; a build that stopped half way leaves rows that the next build removes by their age.
create table api_words_building (
  build text not null,
  api_id text not null,
  word text not null,
  started_at timestamptz not null default now()
);
create index api_words_building_build on api_words_building (build);

-- Only the server's own role reads or writes it.
alter table api_words_building enable row level security;
