-- First-party analytics (spec.md §10.9): page views and scroll depth. Nothing here identifies a
-- person: no IP address, no user agent, no cookie; visit_id is a random per-tab value.
create table analytics_events (
  id bigint generated always as identity primary key,
  type text not null check (type in ('page_view', 'scroll_depth')),
  path text not null check (length(path) between 1 and 512),
  visit_id text not null,
  viewport text not null check (viewport in ('mobile', 'tablet', 'desktop')),
  referrer_host text,
  source text check (source in ('linkedin', 'twitter', 'reddit')),
  depth smallint check (depth in (25, 50, 75, 100)),
  occurred_at timestamptz not null default now(),
  check ((type = 'scroll_depth') = (depth is not null))
);

create index analytics_events_type_path on analytics_events (type, path);
create index analytics_events_source on analytics_events (source) where source is not null;

-- Server-only: row-level security with no policy hides it from the anon and authenticated roles
-- of a hosted project's /rest/v1, while the owning server role reads and writes it.
alter table analytics_events enable row level security;
