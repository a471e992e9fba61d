-- Every operation of every API with an OpenAPI document, whole, loaded from
-- server/catalog/seed/operations.json.gz by the server (server/catalog/operationsLoad.ts); its seed
-- hash is kept in app_settings under 'operations_seed'. No foreign key to apis: the two seeds load
-- independently, each only when its own hash changes.
create table api_operation_sets (
  api_id text primary key,
  -- [{ url, description }]: the document's servers, resolved
  servers jsonb not null,
  -- where the provider publishes the document, and its format (`openapi 3.0.0`, `swagger 2.0`)
  source_url text,
  source_format text not null,
  operation_count integer not null
);

create table api_operations (
  api_id text not null,
  -- the operationId, or `METHOD path` where there is none (unique within an API)
  operation_key text not null,
  position integer not null,
  method text not null,
  path text not null,
  operation_id text,
  summary text not null,
  tags text[] not null,
  deprecated boolean not null,
  -- parameters, requestBody, responses, security, servers, description; schemas by index into
  -- api_operation_schemas. json, not jsonb: it is only ever read whole.
  detail json not null,
  primary key (api_id, operation_key)
);

create index api_operations_position on api_operations (api_id, position);

-- The schema views (field tree and example) of one API, shared by its operations.
create table api_operation_schemas (
  api_id text not null,
  idx integer not null,
  view json not null,
  primary key (api_id, idx)
);

-- Public like the catalogue: anyone may read; only the server's own role writes.
alter table api_operation_sets enable row level security;
alter table api_operations enable row level security;
alter table api_operation_schemas enable row level security;
create policy api_operation_sets_public_read on api_operation_sets for select using (true);
create policy api_operations_public_read on api_operations for select using (true);
create policy api_operation_schemas_public_read on api_operation_schemas for select using (true);
