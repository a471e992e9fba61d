-- Each visit the server has signed a token for (POST /api/analytics/visits) and accepted events
-- from: what it has sent so far, so every instance holds it to the same caps and order
-- (server/analytics/visits.ts). Made by the visit's first accepted batch; of no use once its
-- token has expired, and deleted an hour after. Nothing here identifies a person.
create table analytics_visits (
  visit_id text primary key,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  page_views integer not null default 0 check (page_views >= 0),
  -- Whether a page view has named a referrer or source: one may, once per visit.
  referred boolean not null default false,
  -- The latest event time accepted (ms since 1970, the page's reckoning of the server's clock).
  last_at bigint,
  -- Per path: [page views, then how often each scroll step (25, 50, 75, 100) was reported].
  pages jsonb not null default '{}'::jsonb
);

create index analytics_visits_expires_at on analytics_visits (expires_at);

-- Server-only, like analytics_events.
alter table analytics_visits enable row level security;
