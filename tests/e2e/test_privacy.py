"""/whyfirst privacy: a player sees, privately and in their language, what the bot keeps
about them, and exports it."""

from __future__ import annotations

import json

from bot.i18n import t
from tests.e2e.exports import export_of
from tests.e2e.results import announced_totals, replay
from tests.e2e.server import Server
from tests.e2e.table import Table, buttons
from tests.loopback import Message, Player


async def finished_game(server: Server, seed: int) -> tuple[Player, Player, Table, Message]:
    """Anne and Ben played a whole game; its final message."""
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, [anne, ben], seed=seed)
    await table.open(pick_seconds=600)
    return anne, ben, table, await table.play_to_the_end()


async def test_a_player_sees_what_is_kept_and_exports_it_with_their_games_records(
    server: Server,
) -> None:
    anne, ben, table, _ = await finished_game(server, seed=5)
    before = len(server.games.messages())

    kept = await anne.slash(server.games, "whyfirst privacy")
    assert kept.ephemeral is not None
    assert kept.ephemeral_text == t("privacy.kept", "en-US")
    assert [button["label"] for button in buttons(kept.ephemeral, "privacy")] == [
        "Export",
        "Erase",
    ]
    assert kept.ephemeral not in ben.ephemerals()

    exported = await anne.click(kept.ephemeral, label="Export")
    message = await server.discord.wait_for(
        lambda: next((m for m in anne.ephemerals() if m.attachments), None), what="the export"
    )
    assert message.content == t("privacy.exported", "en-US")
    assert exported.failed is False
    data = json.loads(message.attachments[0].data)
    assert data["user_id"] == str(anne.id)
    assert [seat["display_name"] for seat in data["stored"]["seats"]] == ["Anne"]
    (record,) = data["game_records"]
    assert record == table.record()
    assert (await replay(record, server.workdir))["totals"] == record["results"]["totals"]
    # Nobody else saw any of it.
    assert len(server.games.messages()) == before
    assert all(not m.attachments for m in ben.ephemerals())


async def test_the_answer_is_in_the_players_language(server: Server) -> None:
    await server.start_bot()
    (anne,) = server.players("Anne")
    anne.user.locale = "de"
    kept = await anne.slash(server.games, "whyfirst privacy")
    assert kept.ephemeral_text == t("privacy.kept", "de")
    assert kept.ephemeral is not None
    assert [button["label"] for button in buttons(kept.ephemeral, "privacy")] == [
        "Exportieren",
        "Löschen",
    ]


async def test_an_erased_player_is_gone_and_the_others_records_still_replay(
    server: Server,
) -> None:
    anne, ben, _, final = await finished_game(server, seed=7)
    announced = announced_totals(final)

    kept = await anne.slash(server.games, "whyfirst privacy")
    assert kept.ephemeral is not None
    asked = await anne.click(kept.ephemeral, label="Erase")
    assert asked.ephemeral is not None
    assert asked.ephemeral_text == t("privacy.erase_question", "en-US")
    await anne.click(asked.ephemeral, label="Erase everything")
    done = await server.discord.wait_for(
        lambda: next((m for m in anne.ephemerals() if m.content.startswith("Done:")), None),
        what="the erasure",
    )
    assert done.content == t("privacy.erased", "en-US", games=1)

    board = await ben.slash(server.games, "whyfirst leaderboard")
    assert board.message is not None
    assert anne.mention not in board.message.content
    assert ben.mention in board.message.content
    stats = await ben.slash(server.games, "whyfirst stats", member=anne)
    assert stats.message is not None
    assert stats.message.content == t("stats.none", "en-US", player=anne.mention)

    theirs = await export_of(ben, server.games, server.discord)
    (record,) = theirs["game_records"]
    former = next(p for p in record["names"] if record["names"][p] == "a former player")
    expected = {
        former if player == str(anne.id) else player: points for player, points in announced.items()
    }
    assert (await replay(record, server.workdir))["totals"] == expected
    assert str(anne.id) not in json.dumps(record)
    mine = await export_of(anne, server.games, server.discord)
    assert mine["game_records"] == []
    for table in ("seats", "games", "actions", "results", "player_totals", "player_periods"):
        assert mine["stored"][table] == [], table


async def test_a_player_in_a_running_game_is_asked_to_finish_it_first(server: Server) -> None:
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    table = Table(server.discord, server.games, [anne, ben])
    await table.open(pick_seconds=600)
    kept = await anne.slash(server.games, "whyfirst privacy")
    assert kept.ephemeral is not None
    asked = await anne.click(kept.ephemeral, label="Erase")
    assert asked.ephemeral is not None
    refused = await anne.click(asked.ephemeral, label="Erase everything")
    await server.discord.wait_for(lambda: refused.ephemeral_text, what="the refusal")
    assert refused.ephemeral_text == t("refusal.erase_still_playing", "en-US")
    status = await ben.slash(server.games, "whyfirst status")
    assert status.ephemeral_text is not None
    assert anne.mention in status.ephemeral_text


async def test_privacy_works_in_the_bots_dms_and_in_a_group_dm_through_a_user_install(
    server: Server,
) -> None:
    server.global_commands = True
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    in_dm = await anne.slash(anne.dm_with_the_bot(), "whyfirst privacy")
    assert in_dm.ephemeral_text == t("privacy.kept", "en-US")
    exported = await export_of(anne, anne.dm_with_the_bot(), server.discord)
    assert exported["user_id"] == str(anne.id)
    refused = await anne.slash(anne.dm_with_the_bot(), "whyfirst start")
    assert refused.ephemeral_text == t("refusal.guild_only", "en-US")

    anne.install_app()
    group = server.discord.add_group_dm("friends", anne, ben)
    in_group = await anne.slash(group, "whyfirst privacy")
    assert in_group.ephemeral_text == t("privacy.kept", "en-US")
    assert group.messages() == []
