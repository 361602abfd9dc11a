"""A player's data: what the bot keeps about them (/whyfirst privacy), and their export."""
