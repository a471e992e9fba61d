-- The API tester's runs, for the staff dashboard's Recent Activity: which API host was tried and
-- how it answered. Nothing about who ran it (no IP, no user agent) and no path or query, which
-- may carry keys.
create table tester_runs (
  id bigint generated always as identity primary key,
  method text not null,
  host text not null,
  -- null when the upstream could not be reached
  status integer,
  response_time_ms integer not null check (response_time_ms >= 0),
  created_at timestamptz not null default now()
);

create index tester_runs_created on tester_runs (created_at desc);

-- Server-only, as analytics_events.
alter table tester_runs enable row level security;
