"""Every game's timers: the reminder at half time, the turn's timeout, the lobby's idle end, and
the takeover of the timers of a process that died."""
