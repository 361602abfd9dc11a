"""/whyfirst learn: a practice game against AI players in the learner's DMs, started at once,
whose first stage teaches each rule once, the moment it first matters, where the learner looks
(their hand, the reveal), in their language; nobody's record."""

from __future__ import annotations

import json

from bot.i18n import t
from tests.e2e.exports import export_of
from tests.e2e.learning import (
    Learner,
    Shown,
    announced_totals,
    counted_rows,
    engine_events,
    first_stop,
    marked,
    notes_seen,
)
from tests.e2e.results import replay
from tests.e2e.server import Server
from tests.e2e.stored import stored_games
from tests.e2e.table import buttons, enabled

SEED = "65"


async def test_a_practice_game_teaches_each_rule_once_where_the_learner_looks(
    server: Server,
) -> None:
    server.extra_environment["WHYFIRST_SEED"] = SEED
    await server.start_bot()
    anne = server.members["Anne"]
    anne.user.locale = "de"
    database = server.workdir / "whyfirst.sqlite3"
    learner = Learner(server.discord, anne, database)

    answer = await learner.learn(server.games)
    final = await learner.play_to_the_end()

    assert answer.ephemeral_text.startswith("**Übungspartie** (zählt für niemanden)")
    intro = anne.dms()[0]
    assert intro.content.startswith("**Übungspartie** – zählt für niemanden")
    print(f"\nfirst hand {learner.first_hand_after * 1000:.0f} ms after /whyfirst learn")
    # Each note once, in German, at its moment: the hand or the reveal of its turn.
    events = engine_events(database, 1)
    stopped = first_stop(events)
    assert stopped is not None, "choose a seed whose game stops a figure at the track's end"
    seen = notes_seen(anne.dms())
    expected = {
        Shown("first_hand", "de", 0, (1, 1), hand=True),
        Shown("fifth_round", "de", 0, (1, 5), hand=True),
        Shown("first_reveal", "de", 0, (1, 1), hand=False),
        Shown("stage_end", "de", 0, (1, 5), hand=False),
        Shown("track_end", "de", 0, stopped if stopped != (5, 5) else None, hand=False),
        Shown("game_end", "de", 0, None, hand=False),
    }
    assert {Shown(s.note, s.locale, 0, s.turn, s.hand) for s in seen} == expected
    assert len(seen) == len(expected)
    assert final.content.splitlines()[-1].startswith("💡 ")
    # Nowhere else: not in the channel the command came from, nor in its answer.
    assert not marked(server.games.messages())
    assert not marked(anne.ephemerals())
    # The game replays to its totals, and nobody's standings moved.
    record = json.loads(final.attachments[0].data)
    replayed = await replay(record, server.workdir)
    assert replayed["totals"] == announced_totals(final, record["names"])
    assert set(counted_rows(database).values()) == {0}
    stats = await anne.slash(server.games, "whyfirst stats")
    assert stats.message is not None
    assert stats.message.content == t("stats.none", "de", player=anne.mention)
    board = await anne.slash(server.games, "whyfirst leaderboard")
    assert board.message is not None
    assert t("board.empty", "en-US") in board.message.content  # the server's language
    assert final.buttons() == []  # no rematch in a DM (and no replay page served here)


async def test_learn_anywhere_one_practice_at_a_time_ended_at_will_and_erased_with_its_learner(
    server: Server,
) -> None:
    server.global_commands = True
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    anne.install_app()
    group = server.discord.add_group_dm("friends", anne, ben)
    database = server.workdir / "whyfirst.sqlite3"

    # From a group DM through her user install: the game is in her DMs, not in the group.
    learner = Learner(server.discord, anne, database)
    answer = await learner.learn(group)
    assert answer.ephemeral_text == t("learn.started", "en-US")
    assert group.messages() == []
    again = await anne.slash(anne.dm_with_the_bot(), "whyfirst learn")
    assert again.ephemeral_text == t("learn.busy", "en-US")
    # Show my hand, under the latest round, brings her hand down to her; End practice ends it.
    latest = next(m for m in reversed(anne.dms()) if buttons(m, "practice_end"))
    shown = await anne.click(latest, custom_id=buttons(latest, "hand")[0]["custom_id"])
    assert shown.ephemeral is not None
    assert enabled(buttons(shown.ephemeral, "card"))
    assert f"💡 {t('learn.first_hand', 'en-US')}" in shown.ephemeral.content
    ended = await anne.click(latest, label=t("learn.end", "en-US"))
    await server.discord.wait_for(lambda: ended.ephemeral_text, what="the end")
    assert ended.ephemeral_text == t("cancel.done", "en-US")

    # From her DMs with the bot; /whyfirst cancel there ends that one.
    learner = Learner(server.discord, anne, database)
    await learner.learn(anne.dm_with_the_bot())
    cancelled = await anne.slash(anne.dm_with_the_bot(), "whyfirst cancel")
    await server.discord.wait_for(lambda: cancelled.ephemeral_text, what="the cancel")
    assert cancelled.ephemeral_text == t("cancel.done", "en-US")

    off = await anne.slash(anne.dm_with_the_bot(), "whyfirst tips off")
    assert off.ephemeral_text == t("learn.tips_off", "en-US")
    exported = await export_of(anne, anne.dm_with_the_bot(), server.discord)
    assert [row["id"] for row in exported["stored"]["games"]] == ["1", "2"]
    assert exported["stored"]["tip_preferences"] == [{"user_id": str(anne.id), "tips": "off"}]
    kept = await anne.slash(anne.dm_with_the_bot(), "whyfirst privacy")
    asked = await anne.click(kept.ephemeral, label="Erase")
    await anne.click(asked.ephemeral, label="Erase everything")
    await server.discord.wait_for(
        lambda: any(m.content.startswith("Done:") for m in anne.ephemerals()), what="erased"
    )
    # Her practice games stay, as a former player's: nothing in them names her.
    assert [status for _, status, _, _ in stored_games(database)] == ["cancelled"] * 2
    assert all(str(anne.id) not in str(game) for game in stored_games(database))
    assert set(counted_rows(database).values()) == {0}
    exported = await export_of(anne, anne.dm_with_the_bot(), server.discord)
    # But the language of this very export.
    assert [table for table, rows in exported["stored"].items() if rows] == ["user_locales"]


async def test_with_dms_closed_the_answer_says_how_to_open_them(server: Server) -> None:
    await server.start_bot()
    anne = server.members["Anne"]
    anne.close_dms()
    answer = await anne.slash(server.games, "whyfirst learn")
    await server.discord.wait_for(lambda: answer.ephemeral_text, what="the answer")
    assert answer.ephemeral_text == t("learn.dms_closed", "en-US")
    assert stored_games(server.workdir / "whyfirst.sqlite3") == []
    assert server.games.messages() == []
