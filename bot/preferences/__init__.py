"""A server's preferences, chosen by a member who may manage it: the language of its public
messages (/whyfirst language) and where new games' hands are (/whyfirst defaults)."""
