-- Similar APIs (server/catalog/similar.ts): each directory entry's vocabulary, the distinct words of
-- its operations' paths, summaries and tags and of its own summary, with each word's weight in its
-- category (idf: rarer words tell more). An entry's similar ones are those of its category sharing
-- the most weight, found through the (category, word) index at request time, so nothing is
-- computed for all pairs. Rebuilt from the catalogue and operations tables when either seed's hash
-- changes; app_settings 'similar_vocabulary' holds the pair it was built from.
create table api_words (
  api_id text not null,
  category text not null,
  word text not null,
  idf real not null default 0,
  primary key (api_id, word)
);
create index api_words_category_word on api_words (category, word);

-- Each entry's vocabulary size as a vector: sqrt of the sum of its words' squared weights.
create table api_vocabulary (
  api_id text primary key,
  category text not null,
  words integer not null,
  norm real not null
);

-- Public like the catalogue: anyone may read; only the server's own role writes.
alter table api_words enable row level security;
alter table api_vocabulary enable row level security;
create policy api_words_public_read on api_words for select using (true);
create policy api_vocabulary_public_read on api_vocabulary for select using (true);
