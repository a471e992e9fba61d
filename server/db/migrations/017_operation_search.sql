-- Search by task: every operation's words (summary, operationId, tags, path words and the start
-- of its description), stemmed by PostgreSQL's 'english' configuration, so "sending messages"
-- finds "Send a message". Postgres and PGlite share the configuration and so the lexemes.
-- Filled from api_operations as the operations seed loads (server/catalog/operationSearch.ts).
create table api_operation_search (
  api_id text not null,
  operation_key text not null,
  position integer not null,
  -- weight B: summary, operationId and tags; weight D: path words and description
  words tsvector not null,
  primary key (api_id, operation_key)
);

-- Each directory entry's operation words in one vector beside its own words: a lexeme once per
-- entry, weight C when some operation names it in its summary, operationId or tags, D when only
-- its path or description holds it, with a position per operation holding it (at most four) so
-- that an API about a thing outranks one that mentions it once. NULL until indexed; an entry
-- without operations keeps an empty vector.
alter table api_search add column ops tsvector;
create index api_search_ops on api_search using gin (ops);

alter table api_operation_search enable row level security;
create policy api_operation_search_public_read on api_operation_search for select using (true);

-- Operations loaded before this have no words: forget their hash, so the next start loads them
-- again, with them (server/catalog/operationsLoad.ts).
delete from app_settings where key = 'operations_seed';
