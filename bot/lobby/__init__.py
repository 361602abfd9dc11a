"""The lobby: /whyfirst start opens it (Rematch too); Join, Leave, the AI seats, Start and
/whyfirst cancel act on it. `desk` does the work, `commands` is how Discord reaches it."""
