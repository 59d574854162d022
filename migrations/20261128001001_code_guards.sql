-- Wrong sign-in codes counted per address across codes (`auth::codes`): each
-- check of a code takes one try from its address's budget for the window
-- begun at `window_start` (Unix ms); a right code clears the row. Over the
-- budget, code sign-in for that address pauses until the window ends, while
-- the codes themselves stay valid (a stranger's guesses never use them up).
CREATE TABLE code_guards (
    channel      TEXT NOT NULL,
    address      TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    tries        BIGINT NOT NULL,
    PRIMARY KEY (channel, address)
);
