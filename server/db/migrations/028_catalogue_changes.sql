-- A count of the statements that have changed the directory's records (`apis`), whoever ran them:
-- the seed load, an import, a hand-made record. A running count is cheap to read where the records
-- are not: a start keeps the entries it read last time (server/catalog/entrySnapshot.ts) and uses
-- them again only while this count is what it was when they were read.
create table catalogue_changes (
  one boolean primary key default true check (one),
  changes bigint not null default 0
);
insert into catalogue_changes (one) values (true);

create function count_catalogue_change() returns trigger language plpgsql as $fn$
begin
  update catalogue_changes set changes = changes + 1;
  return null;
end
$fn$;

-- Per statement, not per row: a seed load's hundred thousand rows are a few statements.
create trigger apis_changed after insert or update or delete on apis
  for each statement execute function count_catalogue_change();
create trigger apis_truncated after truncate on apis
  for each statement execute function count_catalogue_change();
