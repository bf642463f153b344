-- Issue 48: Web Push. Each device a person gets pushes on (a browser's PushSubscription: the push service's address
-- and the browser's keys), and the outbox that carries e-mail carries pushes too (decision 041): one row per
-- notification and device, claimed, leased and swept as an e-mail is, so a push is never lost and never sent twice.
-- A device the push service says is gone is deleted, and its unsent pushes with it.
CREATE TABLE push_subscriptions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id),
  endpoint    text NOT NULL UNIQUE,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  device      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

ALTER TABLE email_outbox ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'push'));
ALTER TABLE email_outbox ADD COLUMN push_subscription_id uuid REFERENCES push_subscriptions (id) ON DELETE CASCADE;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_push_has_device CHECK ((channel = 'push') = (push_subscription_id IS NOT NULL));
-- One e-mail per notification, and one push per notification and device.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_once_per_notification;
CREATE UNIQUE INDEX email_outbox_once_per_notification ON email_outbox (notification_id) WHERE channel = 'email';
CREATE UNIQUE INDEX email_outbox_push_once ON email_outbox (notification_id, push_subscription_id) WHERE channel = 'push';
CREATE INDEX email_outbox_push_device_idx ON email_outbox (push_subscription_id) WHERE push_subscription_id IS NOT NULL;
