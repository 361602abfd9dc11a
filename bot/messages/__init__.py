"""What each message says and offers: pure functions from a game to text, buttons and
pictures (no Discord requests are made here)."""
