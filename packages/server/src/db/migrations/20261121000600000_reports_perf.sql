-- Up Migration

-- Status updates are the feed's hot path: every message is updated a few times (queued, then its final
-- status), usually a whole campaign's pages in one batch. An update is HOT (no index touched, no new page
-- searched) only if the new row version fits on the same page. With fillfactor 85 only one row in six
-- could move that way; with 50 every row of a page can take its next status in the same batch (the old
-- versions are pruned from the page before the next round). It costs disk (about twice the pages) and
-- makes status updates about three times cheaper in PostgreSQL. It applies to pages written from now on;
-- an existing large table can be rewritten at a quiet time with `VACUUM FULL messages`.
ALTER TABLE messages SET (fillfactor = 50);
