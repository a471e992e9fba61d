-- The API catalogue, loaded from server/catalog/seed by the server (see server/catalog/load.ts);
-- its seed hash is kept in app_settings under 'catalog_seed'.
create table categories (
  slug text primary key,
  name text not null,
  description text not null,
  icon text not null,
  position integer not null
);

create table apis (
  id text primary key,
  name text not null,
  provider text not null,
  summary text not null,
  description text not null,
  category text not null references categories (slug),
  auth text not null,
  auth_types text[] not null,
  base_url text,
  docs text,
  -- null: the source does not say.
  https boolean,
  cors boolean,
  free boolean,
  rating real not null,
  logo text,
  version text not null,
  updated date not null,
  endpoint_count integer not null,
  endpoints jsonb not null
);

create index apis_category on apis (category);

-- The catalogue is public: anyone may read it through /rest/v1 or a hosted project; only the
-- server's own role writes it.
alter table categories enable row level security;
alter table apis enable row level security;
create policy categories_public_read on categories for select using (true);
create policy apis_public_read on apis for select using (true);
