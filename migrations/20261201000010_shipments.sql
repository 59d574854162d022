-- Shipping: one shipment per order, booked by hand ('manual': the admin's
-- courier, AWB and tracking URL) or through Shiprocket (its order and
-- shipment ids too). `state` only moves forward (booked, inTransit,
-- outForDelivery, then delivered or returnedToOrigin; `state_rank` orders
-- them); `last_event_at` is when tracking last said anything, and
-- `polled_at` when the poller last asked the provider (for shipments whose
-- webhooks stopped). `label` is the provider's label PDF, kept once fetched.
CREATE TABLE shipments (
    order_id          TEXT PRIMARY KEY REFERENCES orders (id),
    provider          TEXT NOT NULL,
    courier           TEXT NOT NULL,
    awb               TEXT NOT NULL UNIQUE,
    tracking_url      TEXT NOT NULL,
    provider_order_id TEXT,
    shipment_id       TEXT,
    state             TEXT NOT NULL,
    state_rank        BIGINT NOT NULL,
    current_status    TEXT NOT NULL,
    etd               TEXT,
    label             BYTEA,
    created_by        TEXT NOT NULL,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL,
    last_event_at     BIGINT NOT NULL,
    polled_at         BIGINT NOT NULL
);
CREATE INDEX shipments_in_transit ON shipments (state_rank, last_event_at);

-- The courier's scans of each shipment, as tracking reported them; a scan
-- reported again (a replayed webhook, a poll) is kept once.
CREATE TABLE shipment_scans (
    id        TEXT PRIMARY KEY,
    order_id  TEXT NOT NULL REFERENCES orders (id),
    at        BIGINT NOT NULL,
    activity  TEXT NOT NULL,
    location  TEXT NOT NULL,
    UNIQUE (order_id, at, activity)
);

-- While a shipment is being booked with the provider (several calls, up to
-- a minute), this holds the order so that a second click or a second admin
-- does not book it twice; a claim older than two minutes has been abandoned.
ALTER TABLE orders ADD COLUMN shipment_claimed_at BIGINT;
