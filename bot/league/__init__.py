"""League nights: several tables, a few games, one standings (issue #47). So far its pure
parts: a night as a reducer from its opening to its champion (night.py), how it seats its
players at each game (seating.py) and how their results rank them (standings.py)."""
