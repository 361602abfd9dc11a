"""How the bot reaches a league night. So far its tables: the league's rows are exported,
erased and forgotten with everything else the bot keeps (bot/league/store.py)."""

from __future__ import annotations

from bot.league.store import LEAGUE_TABLES
from bot.ui.feature import Feature


def league_feature() -> Feature:
    return Feature(owns=LEAGUE_TABLES)
