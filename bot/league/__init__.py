"""League nights: several tables, a few games, one standings (issue #47). So far: a night as a
reducer from its opening to its champion (night.py), how it seats its players at each game
(seating.py) and how their results rank them (standings.py); its own tables on the bot's
database (store.py, codec.py), declared to privacy through its feature (commands.py); and its
update path, on which a table's game that ends is that table's result (service.py)."""
