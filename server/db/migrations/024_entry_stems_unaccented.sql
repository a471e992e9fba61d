-- An entry's stemmed words are written without accents, as query words are read ("pokemon" meets
-- "Pokémon"): the 'english' configuration keeps accents. Entries indexed before are written again
-- as the catalogue opens (server/catalog/searchDb.ts, indexUnsearched).
update api_search set about = null;
