-- The language a complaint's filer reads (`domain::Language`): the desk's
-- e-mails about it (acknowledgement, replies, resolution) are written in it.
-- A visitor without an account has no stored language, so it is kept here.
ALTER TABLE support_tickets ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
