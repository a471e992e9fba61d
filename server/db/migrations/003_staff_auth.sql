-- Staff accounts: what a hosted Supabase project already has (roles, a minimal auth schema,
-- auth.uid()), created only where it is missing, then the staff tables and the row-level security
-- policies that decide what a signed-in person may read and write, in every mode.
-- Notes: /work/shared/notes/supabase-wire.md §7.

-- Roles and the auth schema are cluster-wide on a Postgres server: servers (or test schemas)
-- migrating at the same moment take turns here.
select pg_advisory_xact_lock(hashtext('api_atlas.auth_bootstrap'));

do $bootstrap$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The embedded server switches to these roles inside each /rest/v1 transaction. A hosted
  -- project's owner may not be allowed to grant them, and does not need them.
  if not pg_has_role(current_user, 'authenticated', 'member') then
    begin
      execute format('grant anon, authenticated, service_role to %I', current_user);
    exception when insufficient_privilege then
      raise notice 'Could not grant the request roles to %; embedded /rest/v1 needs them', current_user;
    end;
  end if;

  -- A hosted project (or another schema on this server) already has the auth schema.
  if to_regclass('auth.users') is not null then
    return;
  end if;

  create schema if not exists auth;

  -- Column names follow GoTrue's, for the subset the embedded auth uses.
  create table auth.users (
    id uuid primary key default gen_random_uuid(),
    aud text not null default 'authenticated',
    role text not null default 'authenticated',
    -- Stored in lower case; the unique index makes sign-in case-insensitive.
    email text not null unique check (email = lower(email)),
    encrypted_password text,
    email_confirmed_at timestamptz default now(),
    phone text unique,
    last_sign_in_at timestamptz,
    raw_app_meta_data jsonb not null default '{"provider": "email", "providers": ["email"]}',
    raw_user_meta_data jsonb not null default '{}',
    banned_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );

  create table auth.sessions (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    refreshed_at timestamptz,
    aal text not null default 'aal1',
    user_agent text,
    ip text
  );
  create index sessions_user_id on auth.sessions (user_id);

  -- Refresh tokens are opaque random strings; only their SHA-256 is kept.
  create table auth.refresh_tokens (
    id bigint generated always as identity primary key,
    token_hash text not null unique,
    session_id uuid not null references auth.sessions (id) on delete cascade,
    user_id uuid not null references auth.users (id) on delete cascade,
    parent_id bigint references auth.refresh_tokens (id) on delete set null,
    revoked boolean not null default false,
    revoked_at timestamptz,
    created_at timestamptz not null default now()
  );
  create index refresh_tokens_session_id on auth.refresh_tokens (session_id);

  -- The same bodies as GoTrue's (migrations 20220224000811 and 20220531120530).
  create function auth.uid() returns uuid language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $fn$;

  create function auth.role() returns text language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $fn$;

  create function auth.jwt() returns jsonb language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $fn$;

  -- The request roles may call the functions, never touch the tables.
  revoke all on all tables in schema auth from public;
  grant usage on schema auth to anon, authenticated, service_role;
  grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;
end
$bootstrap$;

-- The staff tables live in the current schema (public, or a test's own schema).
do $grants$
begin
  execute format('grant usage on schema %I to anon, authenticated, service_role', current_schema());
end
$grants$;

create table profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  full_name text not null,
  role text not null default 'viewer' check (role in ('admin', 'user', 'viewer')),
  permissions text[] not null default '{view_projects,view_analytics}',
  preferences jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Written by the server at each successful sign-in, read by the person through /rest/v1.
create table login_history (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  ip_address text,
  user_agent text
);
create index login_history_user_created on login_history (user_id, created_at desc);

create table security_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  event_type text not null check (
    event_type in ('LOGIN_SUCCESS', 'LOGIN_FAILED', 'LOGOUT', 'SESSION_REFRESHED', 'SESSION_TIMEOUT')
  ),
  description text not null,
  ip_address text not null,
  user_agent text not null,
  timestamp timestamptz not null default now()
);
create index security_events_user_time on security_events (user_id, timestamp desc);

alter table profiles enable row level security;
alter table login_history enable row level security;
alter table security_events enable row level security;

-- Hosted projects may grant everything on new tables to anon and authenticated by default, and
-- policies do not take that back: start from nothing, then grant only what the screens need.
revoke all on profiles, login_history, security_events from public, anon, authenticated;
grant select, insert on profiles, login_history, security_events to authenticated;
-- Column grants: writing role or permissions fails with 42501 whatever the policies say.
grant update (full_name, preferences) on profiles to authenticated;
grant select, insert, update, delete on profiles, login_history, security_events to service_role;

create policy profiles_select_own on profiles for select to authenticated
  using (id = (select auth.uid()));
-- A person may create their own missing profile, only as a viewer with the default permissions.
create policy profiles_insert_own_viewer on profiles for insert to authenticated
  with check (
    id = (select auth.uid())
    and role = 'viewer'
    and permissions @> '{view_projects,view_analytics}'
    and permissions <@ '{view_projects,view_analytics}'
  );
create policy profiles_update_own on profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy login_history_select_own on login_history for select to authenticated
  using (user_id = (select auth.uid()));
create policy login_history_insert_own on login_history for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy security_events_select_own on security_events for select to authenticated
  using (user_id = (select auth.uid()));
create policy security_events_insert_own on security_events for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Whatever path a future grant or function opens, the request roles never change a role: only
-- the server (the staff command) does.
create function profiles_guard_role() returns trigger language plpgsql as $fn$
begin
  if (new.role, new.permissions) is distinct from (old.role, old.permissions)
    and current_user in ('anon', 'authenticated') then
    raise exception 'permission denied to change role or permissions of profile %', old.id
      using errcode = '42501', hint = 'Roles are changed by an admin with npm run staff.';
  end if;
  new.updated_at := now();
  return new;
end
$fn$;

create trigger profiles_guard_role before update on profiles
  for each row execute function profiles_guard_role();
