-- E-mail delivery through a relay: the outbox worker sends rows without
-- delivered_at. Rows written before this existed are not sent afresh.
ALTER TABLE outbox ADD COLUMN delivered_at BIGINT;
UPDATE outbox SET delivered_at = created_at;
CREATE INDEX outbox_undelivered ON outbox (delivered_at, created_at);

-- A phone number signs in only once a code sent to it was entered; one given
-- only as a detail at registration is held unproven (and yields to whoever
-- proves it). Numbers stored before this were all proven by a phone code.
ALTER TABLE users ADD COLUMN phone_verified BIGINT NOT NULL DEFAULT 0;
UPDATE users SET phone_verified = 1 WHERE phone IS NOT NULL;
