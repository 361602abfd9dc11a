"""League nights: several tables, a few games, one standings (issue #47). So far its pure
parts: how a league seats its players at each game (seating.py) and how their results rank
them (standings.py)."""
