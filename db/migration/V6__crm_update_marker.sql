-- Update-CRM is the order's last, externally visible effect. The middleware marks it here in a
-- transaction of its own right after Siebel answered, so a message that comes again after its
-- acknowledgement failed (e.g. a broker failover) does not tell Siebel twice.
ALTER TABLE order_receipt ADD COLUMN crm_updated_at timestamptz;
