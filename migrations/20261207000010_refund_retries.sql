-- A refund the provider did not answer finally (a 5xx, a 429, a timeout, an
-- answer lost) stays open with its money set aside and is asked again with
-- the same idempotency key, backing off: `tries` so far, and when next (Unix
-- ms). A refund whose request is still waiting for the provider has its
-- `next_try_at` a few minutes ahead, so nothing asks again meanwhile.
ALTER TABLE refund_attempts ADD COLUMN tries BIGINT NOT NULL DEFAULT 0;
ALTER TABLE refund_attempts ADD COLUMN next_try_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX refund_attempts_due ON refund_attempts (next_try_at);
CREATE INDEX refund_attempts_order ON refund_attempts (order_id);

-- A refund owed whose refund the provider refused (a 4xx with its error
-- code): it stays claimed, marked for an admin, never dropped silently.
ALTER TABLE refunds_owed ADD COLUMN refused_at BIGINT;
ALTER TABLE refunds_owed ADD COLUMN refusal TEXT;  -- the provider's code and description
CREATE INDEX refunds_owed_attempt ON refunds_owed (attempt_id);
