"""What Discord delivers and what the bot hands back: button ids, buttons, slash commands,
and the short private answers a click or command gets."""
