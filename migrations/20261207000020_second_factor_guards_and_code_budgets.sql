-- Wrong second-factor codes per admin (`db::second_factor`), counted in the
-- database so every API instance agrees: `wrong` codes (TOTP or recovery) in
-- the 24 hours from `window_start` (Unix ms, the database's clock). The 5th
-- e-mails the admin; the 10th sets `locked_at`, and the factor refuses every
-- code until the e-mailed unlock link (its token's SHA-256 in `unlock_hash`,
-- valid until `unlock_expires_at`) or `api reset-second-factor` clears the
-- row. A right code before the lock clears it too.
CREATE TABLE second_factor_guards (
    user_id           TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    window_start      BIGINT NOT NULL,
    wrong             BIGINT NOT NULL,
    locked_at         BIGINT,
    unlock_hash       TEXT,
    unlock_expires_at BIGINT
);
CREATE INDEX second_factor_guards_unlock ON second_factor_guards (unlock_hash);

-- Sign-in codes sent per channel ('email', 'phone') and India calendar day
-- (`day`: days since 1970-01-01 in UTC+5:30), store-wide (`auth::codes`):
-- each send takes one in a conditional upsert, none past the day's budget;
-- `told_at` is set once, by whichever instance first refused, when the
-- admins were e-mailed that the budget ran out.
CREATE TABLE code_budgets (
    channel TEXT NOT NULL,
    day     BIGINT NOT NULL,
    sent    BIGINT NOT NULL,
    told_at BIGINT,
    PRIMARY KEY (channel, day)
);
