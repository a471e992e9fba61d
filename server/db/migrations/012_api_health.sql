-- Measured health of each directory entry (server/health/): its last check, its schedule, and 30
-- days of history. A figure on an API page is one of these or says it is not measured.

-- One row per directory entry: when it is next due, who has claimed it, and its last measured
-- check. Instances claim due rows with `for update skip locked`, so one check per entry per turn.
create table api_health (
  api_id text primary key,
  due_at timestamptz not null,
  -- the instance that claimed it last, and until when the claim holds
  claimed_by text,
  claimed_until timestamptz,
  -- the last real measurement; all null before the first
  checked_at timestamptz,
  status text check (status in ('up', 'down')),
  checked_url text,
  http_status integer,
  latency_ms integer check (latency_ms >= 0),
  https boolean,
  redirects_to_https boolean,
  tls_valid boolean,
  tls_expires_at timestamptz,
  cors text check (cors in ('allowed', 'blocked')),
  cors_origins text,
  cors_methods text,
  error text,
  -- the last attempt fell in a run that found no network at all: nothing was measured
  unreachable_at timestamptz
);

create index api_health_due on api_health (due_at);
create index api_health_checked on api_health (status, checked_at);

-- Every measured check, for the 30-day availability and median latency; pruned after 30 days.
create table api_health_checks (
  id bigint generated always as identity primary key,
  api_id text not null,
  checked_at timestamptz not null default now(),
  up boolean not null,
  http_status integer,
  latency_ms integer check (latency_ms >= 0)
);

create index api_health_checks_api on api_health_checks (api_id, checked_at desc);
create index api_health_checks_at on api_health_checks (checked_at);

-- Each turn of an instance's checker: how many it checked, and whether the network was there.
create table api_health_runs (
  id bigint generated always as identity primary key,
  instance text not null,
  started_at timestamptz not null default now(),
  checks integer not null check (checks >= 0),
  outcome text not null check (outcome in ('checked', 'network-unavailable')),
  error text
);

create index api_health_runs_started on api_health_runs (started_at);

-- Server-only, as tester_runs: row-level security on and no policy, so the anon and
-- authenticated roles of /rest/v1 or a hosted project read nothing (claimed_by names hosts). The
-- public sees health through /api/apis, which the server answers.
alter table api_health enable row level security;
alter table api_health_checks enable row level security;
alter table api_health_runs enable row level security;
