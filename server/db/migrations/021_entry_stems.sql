-- Search by task ranks an entry by its own words as well as its operations', stemmed alike: each
-- directory entry's name and provider words (weight A) and its summary and the start of its
-- description (weight B), stemmed by the 'english' configuration (camelCase split, as operation
-- words are), so "cryptocurrency prices" meets "Cryptocurrencies Prices" and "random user" meets
-- "RandomUser". The normalised, unstemmed `search` vector still decides what matches by name and
-- by typo. Filled as the catalogue loads; entries written before this get theirs as the catalogue
-- opens (server/catalog/searchDb.ts, indexUnsearched).
alter table api_search add column if not exists about tsvector;
create index if not exists api_search_about on api_search using gin (about);
