-- A meter-billed customer's gas is charged by the meter reading; the products, services and
-- cylinder operations on their orders of the period are added to the bill (lines_amount).
ALTER TABLE monthly_bills ADD COLUMN lines_amount integer NOT NULL DEFAULT 0;
