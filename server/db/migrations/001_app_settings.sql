-- Small server-wide values: the catalogue seed hash, first-start flags, and the like.
create table app_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Server-only: with row-level security on and no policy, the anon and authenticated roles of a
-- hosted Supabase project see nothing through /rest/v1, while the owning server role still does.
alter table app_settings enable row level security;
