-- The gateway fee each order was priced with, in basis points of its items
-- price (GATEWAY_FEE_PERCENT at the time; 0 when the merchant absorbed it),
-- so its pages keep the label it was paid with after the policy changes.
-- Orders placed before the policy was configurable paid the specification's 2.5%.
ALTER TABLE orders ADD COLUMN gateway_fee_bps BIGINT NOT NULL DEFAULT 250
    CHECK (gateway_fee_bps BETWEEN 0 AND 1000);
