"""Event services: every state change runs here, inside a transaction, refusing bad states."""
