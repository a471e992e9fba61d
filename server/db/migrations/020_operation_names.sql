-- An API page's own search reads an operation's parameter names too ("expand", "starting_after"),
-- beside its words. They are a column of their own so the directory's search by task, which reads
-- `words` alone (and each entry's gathered `ops`), ranks as it did: nearly every operation has a
-- parameter called id, limit or page. Filled with the words (server/catalog/operationSearch.ts).
alter table api_operation_search add column names tsvector not null default ''::tsvector;

-- Operations loaded before this have no names: forget their hash, so the next start loads them
-- again, with them (server/catalog/operationsLoad.ts).
delete from app_settings where key = 'operations_seed';
