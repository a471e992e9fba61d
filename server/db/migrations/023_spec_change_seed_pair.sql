-- Which pair of directory snapshots a 'directory' change came from ('1.3.12..1.3.17'): the change
-- seed keeps one pair per newer snapshot, and its load adds a new pair's rows and drops a dropped
-- pair's without touching the others. Null for the changes this server found itself.
alter table api_spec_changes add column seed_pair text;

create index api_spec_changes_seed_pair on api_spec_changes (seed_pair) where seed_pair is not null;
