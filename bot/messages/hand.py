"""A player's private controls: their hand as buttons, then whom the chosen card goes to.

The same controls are sent by DM and shown ephemerally by "Show my hand". Played cards are disabled,
the chosen card and target are highlighted, and the text says what was played on whom until the
round is revealed. What each button says is decided first (`_cards`, `_targets`), then made into the
buttons only its player may click, in one place (`_buttons`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import discord

import engine
from bot.i18n import t
from bot.messages.post import Post
from bot.messages.table import Table, card_label, signed
from bot.storage.records import GameRecord, PlayerId, user_id_of
from bot.ui import custom_ids as ids
from bot.ui.buttons import Button, Rows, button, move_button
from bot.ui.replies import PINGS

TARGETS_PER_ROW = 5


@dataclass(frozen=True)
class Place:
    """Where the game is played, so a DM never gets mistaken for another game's."""

    guild: str
    channel: str


class Notes(Protocol):
    """What teaches the rules the moment they first matter (bot/learn says what, to whom), in
    the hands and a practice game's reveals."""

    async def ready(self, record: GameRecord) -> None:
        """Knows who in the running game hears the notes, before its hands are drawn."""

    def in_hand(
        self, table: Table, state: engine.GameState, player: PlayerId, locale: str | None
    ) -> str | None:
        """What the player's hand says under its controls now, if anything."""

    def in_reveal(
        self, table: Table, state: engine.GameState, events: tuple[engine.Event, ...]
    ) -> str | None:
        """What a practice game's reveal says after its story (at the end, its result)."""


class Directory(Protocol):
    """The servers discord.py's client knows, with their channels (from its cache)."""

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


def place_of(directory: Directory, table: Table) -> Place:
    """The names of the game's server and channel: as they are now when this process holds
    the server's shard, else as they were when the game was opened."""
    guild = directory.get_guild(table.guild_id)
    # Through the server: the client's own lookup walks every server it is in.
    channel = guild.get_channel_or_thread(table.channel_id) if guild else None
    return Place(
        guild=guild.name if guild else table.guild_name or str(table.guild_id),
        channel=getattr(channel, "name", None) or table.channel_name or str(table.channel_id),
    )


def dealt_hand(state: engine.GameState, player: str) -> tuple[int, ...]:
    """The cards `player` was dealt at the start of the current stage."""
    if not state.history:
        return ()
    return state.history[-1].hands[state.players.index(player)]


def stage_over(place: Place, stage: int, locale: str | None = None) -> str:
    """What a finished stage's DM hand says once the next stage's hand has been dealt."""
    header = _header(place, stage, engine.ROUNDS, locale)
    return f"{header}\n{t('hand.stage_over', locale, stage=stage, next=stage + 1)}"


def _header(place: Place, stage: int, round_: int, locale: str | None) -> str:
    guild, channel = place.guild, place.channel
    return t("hand.header", locale, guild=guild, channel=channel, stage=stage, round=round_)


def undelivered_hand(table: Table, player: PlayerId, dms_closed: bool) -> Post:
    """Said in the channel, by mention, when a player's DM hand did not arrive: their DMs
    are closed to the bot, or Discord kept failing."""
    key = "hand.dms_closed" if dms_closed else "hand.dm_failed"
    return Post(t(key, table.locale, player=table.mention(player)), mentions=PINGS)


def hand_controls(
    state: engine.GameState,
    table: Table,
    player: PlayerId,
    place: Place,
    locale: str | None = None,
    selected: int | None = None,
    note: str | None = None,
) -> Post:
    """The controls `player` sees now; `selected` is a card chosen but not yet aimed; `note`
    teaches a rule under them (`Notes`)."""
    view = engine.hand_view(state, player)
    header = _header(place, view.stage, view.round, locale)
    status = hand_status(view, table, player, locale, selected)
    text = f"{header}\n{status}" + (f"\n\n{note}" if note else "")
    if view.phase == engine.Phase.FINISHED:
        return Post(text, None)
    chosen = _chosen(view, selected)
    cards = _cards(state, view, chosen)
    targets = _targets(view, table, chosen, locale)
    return Post(text, _buttons(state, table, player, cards, targets))


def hand_status(
    view: engine.HandView,
    table: Table,
    player: PlayerId,
    locale: str | None = None,
    selected: int | None = None,
) -> str:
    """The line under the hand's header: what `player` may do now, or what they played
    (the table shows the same words without building the hand's buttons)."""
    if view.phase == engine.Phase.FINISHED:
        return t("hand.finished", locale)
    chosen = _chosen(view, selected)
    picked_target = view.pick[1] if view.pick else None
    if view.phase == engine.Phase.MOVING:
        if view.current_mover == player:
            card = dict(view.moves_left).get(player)
            value = signed(engine.card(card).value) if card else ""
            return t("hand.your_move", locale, card=value)
        return t("hand.waiting_for_mover", locale, name=table.name(view.current_mover or ""))
    if view.variant == engine.Variant.TACTICAL:
        if view.pick:
            return t("hand.tactical_chosen", locale, card=card_label(view.pick[0], view.variant))
        return t("hand.tactical_choose", locale)
    if view.pick and chosen == view.pick[0] and picked_target is not None:
        if picked_target == player:
            return t("hand.played_self", locale, card=card_label(view.pick[0], view.variant))
        return t(
            "hand.played",
            locale,
            card=card_label(view.pick[0], view.variant),
            target=table.target_label(picked_target, player, locale),
        )
    if chosen is not None:
        return t("hand.choose_target", locale, card=card_label(chosen, view.variant))
    if not _aims(view):
        return t("hand.choose_card_self", locale)
    return t("hand.choose_card", locale)


def _chosen(view: engine.HandView, selected: int | None) -> int | None:
    """The card the hand shows as chosen: one selected but not yet aimed, else the pick's."""
    if selected in {card.number for card in view.hand}:
        return selected
    return view.pick[0] if view.pick else None


@dataclass(frozen=True)
class _Card:
    """What a card's button says and whether it may be clicked."""

    number: int
    label: str
    style: discord.ButtonStyle
    disabled: bool


@dataclass(frozen=True)
class _Target:
    """What a figure's button says, and what clicking it does."""

    figure: str
    label: str
    row: int
    style: discord.ButtonStyle
    card: int | None
    """The chosen card it sends to the figure; None: a tactical mover's figure to move."""


def _cards(state: engine.GameState, view: engine.HandView, chosen: int | None) -> list[_Card]:
    """The stage's five cards: the playable ones live, the chosen one highlighted."""
    in_hand = {card.number for card in view.hand}
    cards = []
    for number in dealt_hand(state, view.player):
        playable = view.phase == engine.Phase.PICKING and number in in_hand
        style = (
            discord.ButtonStyle.success
            if number == chosen
            else discord.ButtonStyle.primary
            if playable
            else discord.ButtonStyle.secondary
        )
        label = card_label(number, view.variant)
        cards.append(_Card(number, label, style, disabled=not playable and number != chosen))
    return cards


def _targets(
    view: engine.HandView, table: Table, chosen: int | None, locale: str | None
) -> list[_Target]:
    """Whom the chosen card goes to (standard rounds 1-4), or the figure a tactical mover
    moves; nothing otherwise."""
    player = view.player
    targets = []
    for index, figure in enumerate(view.targets):
        label = table.target_label(figure, player, locale)
        row = 1 + index // TARGETS_PER_ROW
        if view.phase == engine.Phase.PICKING and chosen is not None and _aims(view):
            picked = view.pick == (chosen, figure)
            style = discord.ButtonStyle.success if picked else discord.ButtonStyle.secondary
            targets.append(_Target(figure, label, row, style, card=chosen))
        elif view.phase == engine.Phase.MOVING and view.current_mover == player:
            targets.append(_Target(figure, label, row, discord.ButtonStyle.secondary, card=None))
    return targets


def _buttons(
    state: engine.GameState,
    table: Table,
    player: PlayerId,
    cards: list[_Card],
    targets: list[_Target],
) -> Rows:
    """The hand's cards and targets as buttons that only their player may click."""
    turn = ids.Turn(state.stage, state.round)
    owner = user_id_of(player)
    rows: list[list[Button]] = [[] for _ in range(1 + targets[-1].row if targets else 1)]
    for card in cards:
        custom_id = ids.card_id(table.game_id, owner, turn, card.number)
        rows[0].append(button(custom_id, card.label, card.style, card.disabled))
    for target in targets:
        code = ids.target_code(state.players, target.figure)
        if target.card is None:
            shown = move_button(table.game_id, turn, code, target.label)
        else:
            custom_id = ids.pick_id(table.game_id, owner, turn, target.card, code)
            shown = button(custom_id, target.label, target.style)
        rows[target.row].append(shown)
    return Rows(*rows)


def _aims(view: engine.HandView) -> bool:
    """Whether the player chooses a target for their card (standard rounds 1-4)."""
    return view.variant == engine.Variant.STANDARD and len(view.targets) > 1
