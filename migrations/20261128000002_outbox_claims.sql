-- An e-mail is claimed by one process's outbox worker before it is sent, so
-- that several API processes on one database never send it twice. A claim
-- that was not followed by delivery (the process died) lapses at this time.
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;
