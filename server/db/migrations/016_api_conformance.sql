-- What the health checker learns beyond reachability (server/health/conformance.ts): whether safe
-- operations answer as their document says, when each state began, and what changed when.

-- Since when the entry has been found up without a break: "verified" needs a recent check, and
-- says since when.
alter table api_health add column up_since timestamptz;

-- The last conformance check of each checked operation: matches, drifted (each violation with its
-- JSON pointer into the answer, what the document expected and what came) or an undocumented status.
create table api_conformance (
  api_id text not null,
  operation_key text not null,
  status text not null check (status in ('matches', 'drifted', 'undocumented-status')),
  http_status integer,
  -- [{ pointer, expected, actual }], at most a few dozen
  violations jsonb not null default '[]',
  checked_at timestamptz not null,
  -- when the operation last changed state; with checked_at, how long it has been so
  since timestamptz not null,
  primary key (api_id, operation_key)
);

-- Every change of state, for the timeline and "recovered": an entry going up or down, an operation
-- starting or stopping to match. Pruned after 30 days as the checks are.
create table api_monitoring_events (
  id bigint generated always as identity primary key,
  api_id text not null,
  at timestamptz not null default now(),
  kind text not null check (kind in ('up', 'down', 'matches', 'drifted', 'undocumented-status')),
  operation_key text,
  detail text
);

create index api_monitoring_events_api on api_monitoring_events (api_id, at desc);
create index api_monitoring_events_at on api_monitoring_events (at);

-- Changes to an API's operations between two versions of its document, classified as oasdiff
-- does (breaking, warning, info), each dated by the versions compared.
create table api_spec_changes (
  id bigint generated always as identity primary key,
  api_id text not null,
  operation_key text,
  level text not null check (level in ('breaking', 'warning', 'info')),
  category text not null,
  message text not null,
  from_version text not null,
  to_version text not null,
  detected_at timestamptz not null default now()
);

create index api_spec_changes_api on api_spec_changes (api_id, detected_at desc);

-- The last version of each document the server holds (CATALOGUE_OVERLAY's), to compare the next
-- one with.
create table api_spec_versions (
  api_id text primary key,
  hash text not null,
  version text not null,
  document jsonb not null,
  seen_at timestamptz not null default now()
);

-- Server-only, as api_health: the public reads them through /api/apis/:id/monitoring.
alter table api_conformance enable row level security;
alter table api_monitoring_events enable row level security;
alter table api_spec_changes enable row level security;
alter table api_spec_versions enable row level security;
