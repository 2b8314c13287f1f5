-- The language of a LINE user's profile (BCP 47, as LINE gives it), read when the room is made or followed:
-- the texts GasOps sends them (link answers, notices) are written in it (shared lineLocaleOf). Null: unknown.
ALTER TABLE line_rooms ADD COLUMN language text;
