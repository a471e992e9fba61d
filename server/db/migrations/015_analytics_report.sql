-- The staff analytics report (docs/analytics.md): searches and operations tried as first-party
-- events, and daily tallies kept as events arrive, so a report over 90 days reads a few hundred
-- rows rather than every event of those days. Nothing here identifies a person.

alter table analytics_events drop constraint analytics_events_type_check;
alter table analytics_events add constraint analytics_events_type_check
  check (type in ('page_view', 'scroll_depth', 'search', 'operation_tried'));
-- search: the query, normalised (no email addresses or long numbers), and the entries it found.
alter table analytics_events add column query text check (length(query) between 1 and 100);
alter table analytics_events add column results integer check (results >= 0);
-- operation_tried: the catalogue's operation and the status it answered (null: no answer).
alter table analytics_events add column api_id text check (length(api_id) between 1 and 200);
alter table analytics_events add column operation_key text
  check (length(operation_key) between 1 and 300);
alter table analytics_events add column status smallint check (status between 100 and 599);
alter table analytics_events add constraint analytics_events_search_check
  check ((type = 'search') = (query is not null and results is not null));
alter table analytics_events add constraint analytics_events_operation_check
  check ((type = 'operation_tried') = (api_id is not null and operation_key is not null));

-- What a visit's later batches need to be tallied: where it came from (its first page), whether
-- it has converted, the queries it has searched and the operations it has tried.
alter table analytics_visits add column source text
  check (source in ('linkedin', 'twitter', 'reddit', 'other', 'direct'));
alter table analytics_visits add column converted boolean not null default false;
alter table analytics_visits add column searches jsonb not null default '[]'::jsonb;
alter table analytics_visits add column tries integer not null default 0 check (tries >= 0);

-- Per UTC day and source of the visit: visits begun, page views, blog article reads, and
-- conversions (visits reaching an API's page or the tester, each once).
create table analytics_daily_sources (
  day date not null,
  source text not null check (source in ('linkedin', 'twitter', 'reddit', 'other', 'direct')),
  visits integer not null default 0,
  page_views integer not null default 0,
  article_reads integer not null default 0,
  conversions integer not null default 0,
  primary key (day, source)
);

-- Per UTC day: views of each API's page (kind 'api', key its id) and each category's page
-- (kind 'category', key its slug). Keyed by kind first, so a range of one kind is one scan.
create table analytics_daily_pages (
  kind text not null check (kind in ('api', 'category')),
  day date not null,
  key text not null,
  views integer not null default 0,
  primary key (kind, day, key)
);

-- Per UTC day and normalised query: how often it was searched, and what the last search found.
create table analytics_daily_searches (
  day date not null,
  query text not null,
  searches integer not null default 0,
  results integer not null default 0,
  primary key (day, query)
);

-- Per UTC day and operation: how often the tester sent it, and how often it answered 2xx.
create table analytics_daily_operations (
  day date not null,
  api_id text not null,
  operation_key text not null,
  tries integer not null default 0,
  successes integer not null default 0,
  primary key (day, api_id, operation_key)
);

-- Server-only, like analytics_events: row-level security with no policy hides them from the anon
-- and authenticated roles of /rest/v1; the report route reads them for staff.
alter table analytics_daily_sources enable row level security;
alter table analytics_daily_pages enable row level security;
alter table analytics_daily_searches enable row level security;
alter table analytics_daily_operations enable row level security;

-- The events stored before this migration, tallied once as the server would have.
with firsts as (
  select distinct on (visit_id) visit_id, occurred_at,
    case when source is not null then source
         when referrer_host is not null then 'other'
         else 'direct' end as source
  from analytics_events where type = 'page_view'
  order by visit_id, id
)
insert into analytics_daily_sources (day, source, visits)
select (occurred_at at time zone 'utc')::date, source, count(*) from firsts group by 1, 2;

with firsts as (
  select distinct on (visit_id) visit_id,
    case when source is not null then source
         when referrer_host is not null then 'other'
         else 'direct' end as source
  from analytics_events where type = 'page_view'
  order by visit_id, id
),
views as (
  select (e.occurred_at at time zone 'utc')::date as day, f.source,
    count(*) as page_views,
    count(*) filter (where e.path like '/blog/%') as article_reads
  from analytics_events e join firsts f using (visit_id)
  where e.type = 'page_view'
  group by 1, 2
),
conversions as (
  select day, source, count(*) as conversions from (
    select distinct on (e.visit_id) (e.occurred_at at time zone 'utc')::date as day, f.source
    from analytics_events e join firsts f using (visit_id)
    where e.type = 'page_view' and (
      e.path = '/tools/tester'
      or (e.path like '/apis/%' and e.path not like '/apis/category/%' and e.path <> '/apis/tools')
      or e.path like '/apis/category/%/%')
    order by e.visit_id, e.id
  ) converted group by 1, 2
)
insert into analytics_daily_sources (day, source, page_views, article_reads, conversions)
select coalesce(v.day, c.day), coalesce(v.source, c.source),
  coalesce(v.page_views, 0), coalesce(v.article_reads, 0), coalesce(c.conversions, 0)
from views v full join conversions c on c.day = v.day and c.source = v.source
on conflict (day, source) do update set
  page_views = excluded.page_views,
  article_reads = excluded.article_reads,
  conversions = excluded.conversions;

insert into analytics_daily_pages (kind, day, key, views)
select kind, day, key, count(*) from (
  select (occurred_at at time zone 'utc')::date as day,
    case when path ~ '^/apis/category/[^/]+$' then 'category' else 'api' end as kind,
    case when path ~ '^/apis/category/[^/]+$' then split_part(path, '/', 4)
         when path ~ '^/apis/category/[^/]+/[^/]+$' then split_part(path, '/', 5)
         else split_part(path, '/', 3) end as key
  from analytics_events
  where type = 'page_view' and (
    path ~ '^/apis/category/[^/]+(/[^/]+)?$'
    or (path ~ '^/apis/[^/]+$' and path not in ('/apis/tools', '/apis/api-detail.html', '/apis/category')))
) pages group by kind, day, key;

-- Visits still open carry on from what they sent.
with firsts as (
  select distinct on (visit_id) visit_id,
    case when source is not null then source
         when referrer_host is not null then 'other'
         else 'direct' end as source
  from analytics_events where type = 'page_view'
  order by visit_id, id
)
update analytics_visits v set source = f.source from firsts f where f.visit_id = v.visit_id;

update analytics_visits set converted = true where visit_id in (
  select visit_id from analytics_events where type = 'page_view' and (
    path = '/tools/tester'
    or (path like '/apis/%' and path not like '/apis/category/%' and path <> '/apis/tools')
    or path like '/apis/category/%/%'));
