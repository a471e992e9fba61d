-- One directory entry per API: records of one provider and name are grouped at build time
-- (server/catalog/groups.ts). entry is the id of the group's default record, entry_rank a
-- record's place among its versions (0: the default), entry_size the group's size, variant what
-- the version picker calls it. Lists, counts and sitemaps show entries only.
alter table apis add column entry text;
update apis set entry = id;
alter table apis alter column entry set not null;
alter table apis add column entry_rank integer not null default 0;
alter table apis add column entry_size integer not null default 1;
alter table apis add column variant text not null default '';
create index apis_entry on apis (entry);
