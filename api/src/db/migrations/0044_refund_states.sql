-- A refund's state as its provider tells it (issue 69): SSLCommerz takes a refund in as 'processing' and makes it
-- 'refunded' later (its refund query says when); a job follows each to the end, and one the provider gives up on is
-- 'failed' (the reconciliation then names it, and the admin acts). Every refund made before was final when recorded.
ALTER TABLE refunds ADD COLUMN status text NOT NULL DEFAULT 'refunded' CHECK (status IN ('processing', 'refunded', 'failed'));
ALTER TABLE refunds ADD COLUMN checked_at timestamptz;
CREATE INDEX refunds_processing ON refunds (checked_at NULLS FIRST) WHERE status = 'processing';
