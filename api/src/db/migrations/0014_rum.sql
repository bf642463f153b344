-- Real-user measurements (issue 29): aggregated per minute, per release and route, never one row per beacon.
-- Every API instance adds its own counts to the same rows (INSERT … ON CONFLICT … + excluded), so instances and a
-- restarted deployer see the same figures. Rows older than 30 days are deleted (api/src/rum/).

CREATE TABLE rum_views (
  minute timestamptz NOT NULL,
  remote text NOT NULL,
  release text NOT NULL,
  route text NOT NULL,
  lang text NOT NULL,
  views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  -- Page views with at least one error (uncaught, rejected promise, or an error boundary's fallback).
  errors integer NOT NULL DEFAULT 0 CHECK (errors >= 0),
  -- Of those, views whose page showed an error boundary's fallback.
  fallbacks integer NOT NULL DEFAULT 0 CHECK (fallbacks >= 0),
  PRIMARY KEY (remote, release, minute, route, lang)
);

-- Web Vitals as histograms: bucket b counts values in (1.1^(b-1), 1.1^b] ms (CLS in thousandths), so a p75 read from
-- them is within 10% of the true one, whatever the traffic.
CREATE TABLE rum_vitals (
  minute timestamptz NOT NULL,
  remote text NOT NULL,
  release text NOT NULL,
  route text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'TTFB')),
  bucket smallint NOT NULL CHECK (bucket >= 0),
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (remote, release, minute, metric, route, bucket)
);

CREATE INDEX rum_views_minute_idx ON rum_views (minute);
CREATE INDEX rum_vitals_minute_idx ON rum_vitals (minute);
