-- Content-marketing posts (spec.md §7, §10.8). A post is stored before any connector runs, so a
-- failed send keeps the post and records why.
create table marketing_posts (
  id uuid primary key default gen_random_uuid(),
  platform text not null check (platform in ('linkedin', 'twitter', 'reddit')),
  content text not null check (length(btrim(content)) > 0),
  title text not null,
  -- pending: stored, not yet sent; scheduled: waits for scheduled_for; published; failed.
  status text not null check (status in ('pending', 'scheduled', 'published', 'failed')),
  -- network: sent through the network's API; outbox: kept here because it is not connected.
  delivery text check (delivery in ('network', 'outbox')),
  scheduled_for timestamptz,
  published_at timestamptz,
  error text,
  external_id text,
  external_url text,
  -- Figures a connected network reports back; an outbox post has none.
  reach integer not null default 0 check (reach >= 0),
  engagement integer not null default 0 check (engagement >= 0),
  author_id uuid,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status <> 'scheduled' or scheduled_for is not null),
  check ((status = 'published') = (published_at is not null))
);

create index marketing_posts_published on marketing_posts (published_at desc) where status = 'published';
create index marketing_posts_due on marketing_posts (scheduled_for) where status = 'scheduled';

-- Server-only, as analytics_events.
alter table marketing_posts enable row level security;
