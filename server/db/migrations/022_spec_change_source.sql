-- Where a recorded change comes from: 'observed', a newer version of a document this server held
-- (CATALOGUE_OVERLAY's); 'directory', the difference between two published snapshots of the
-- APIs.guru directory (the change seed, server/catalog/changesSeed.ts), dated by the newer
-- snapshot's publication, never by when this server saw it.
alter table api_spec_changes
  add column source text not null default 'observed' check (source in ('observed', 'directory'));

create index api_spec_changes_source on api_spec_changes (source);
