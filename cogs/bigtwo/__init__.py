"""Big Two on Discord: the adapter the table runtime discovers."""
