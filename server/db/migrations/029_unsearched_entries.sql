-- Every start looks for directory entries without stemmed search words (searchDb.ts,
-- indexUnsearched): none, on every start but after an import. As a join, row by row, that read
-- both tables' rows, most of a second at 100,000 APIs; with these two indexes it is two ordered
-- lists of ids read from the indexes alone, compared side by side.
create index apis_entries on apis (id) where entry = id;
create index api_search_stemmed on api_search (id) where about is not null;
