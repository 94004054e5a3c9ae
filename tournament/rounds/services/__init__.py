"""Round services: every change to an event's rounds runs here, inside a transaction."""
