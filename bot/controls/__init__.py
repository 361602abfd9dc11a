"""A player's controls during a game: a card, a target, a tactical move, Show my hand, and
/whyfirst hand and status. `desk` does the work, `commands` is how Discord reaches it."""
