-- The catalogue has two sources (APIs.guru and the public-apis list) and no ratings: rating is
-- null until a real source of ratings exists. service and preferred are APIs.guru's
-- x-serviceName and x-preferred, read when grouping versions and ranking.
alter table apis alter column rating drop not null;
alter table apis add column sources text[] not null default '{apis-guru}';
alter table apis add column service text not null default '';
alter table apis add column preferred boolean not null default false;
