-- Up Migration

-- Full uploads compute their difference once, at the preview (the server matches the file against the group's
-- current values as it reads it), and keep only the difference in the upload's staging partition: kind 'add' (a file
-- value the group lacks), 'remove' (a group value the file lacks) and 'keep' (a file value current in the group with
-- an end, re-added should that end pass before the apply). Incremental uploads stage the whole file (no kind).
-- Applying changes exactly those rows; the group's version (checked under its lock) guarantees the difference holds.
ALTER TABLE suppression_staging ADD COLUMN kind text CHECK (kind IN ('add', 'remove', 'keep'));

-- One CSV cell of the download, exactly as toCsvRow in packages/contracts/src/csv.ts writes a text cell (checked
-- by csv-out.test.ts on the same cells): a cell a spreadsheet would read as a formula (first character = + - @, tab
-- or carriage return) gets a leading single quote, except a pure E.164 number; then a cell holding a quote, comma or
-- line break is quoted with its quotes doubled. Null is an empty cell. The download is then one COPY whose text the
-- server passes on, instead of a million rows turned into objects and back into text.
-- One expression (no FROM), so that PostgreSQL inlines it into the query instead of calling a function per cell.
CREATE FUNCTION suppression_csv_cell(cell text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN cell IS NULL THEN ''
    WHEN left(cell, 1) IN ('=', '+', '-', '@', E'\t', E'\r') AND cell !~ '^\+[1-9][0-9]{0,14}$' THEN
      CASE WHEN cell ~ E'[",\r\n]' THEN '"' || replace('''' || cell, '"', '""') || '"' ELSE '''' || cell END
    WHEN cell ~ E'[",\r\n]' THEN '"' || replace(cell, '"', '""') || '"'
    ELSE cell
  END
$$;
