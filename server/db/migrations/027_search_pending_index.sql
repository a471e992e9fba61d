-- The entries whose operation words are not indexed yet (`ops is null`): none, on every start but
-- the one after a load. Each start asks for them twice (the catalogue's and the operations'
-- routes, server/catalog/operationSearch.ts, indexOperationWords), and without this index each
-- question read every entry: at 100,000 APIs, most of a second of every restart.
create index api_search_ops_pending on api_search (id) where ops is null;
