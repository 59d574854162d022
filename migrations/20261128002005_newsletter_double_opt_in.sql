-- The newsletter's double opt-in: subscribing stores the address with a
-- single-use confirmation token (its SHA-256; a new request replaces it) and
-- e-mails the link; only an address whose link was opened (`confirmed_at`)
-- counts as subscribed and is ever sent the newsletter. Addresses stored
-- before this never confirmed, so they wait unconfirmed too.
ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at BIGINT;
ALTER TABLE newsletter_subscriptions ADD COLUMN token_hash TEXT;
ALTER TABLE newsletter_subscriptions ADD COLUMN token_expires_at BIGINT;
CREATE UNIQUE INDEX newsletter_subscriptions_token ON newsletter_subscriptions (token_hash);
