-- The language a customer reads the store in (`domain::Language`): the web
-- app's and the server's texts to them (e-mails, SMS, WhatsApp) follow it.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
