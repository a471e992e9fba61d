-- Which words an entry's operations say together: for each operation, every two of the first
-- eight words of its summary, operationId and tags (stemmed, in alphabetical order, one lexeme
-- "creat repositori"), gathered per entry. An entry with an operation called "Create a repository"
-- does that task, where one holding "create" in one operation and "repository" in another may not.
-- Read only for the entries a search already ranks (server/catalog/searchDb.ts), by id, so it has
-- no index of its own. NULL until indexed, with `ops`; entries indexed before are indexed again as
-- the catalogue opens (server/catalog/operationSearch.ts, indexOperationWords).
alter table api_search add column pairs tsvector;
update api_search set ops = null;
