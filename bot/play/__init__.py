"""What a click or a deadline does to a game: the lobby, the private controls, the timers,
and the game service, the one path from an intention to a committed transition."""
