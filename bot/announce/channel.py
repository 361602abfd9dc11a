"""The game's new messages in its channel: one per reveal (the game log, with a picture of the
track), the final result, reminders, and the notice of a game that ended early. messages/ builds
each whole; here each is given its address (the click it follows up, else a paced REST request)
and delivered. Names never ping, except at the start, in reminders and in the final result."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import engine
from bot.announce.click_book import ClickBook
from bot.announce.legs import Delivery
from bot.announce.letter import Letter
from bot.announce.message_ids import ResultStorage, keep_message_ids
from bot.announce.notices import end_notice
from bot.announce.round_message import RoundMessages
from bot.announce.routes import Address, Routes
from bot.crash import crash_point
from bot.messages.hand import Notes
from bot.messages.post import Post
from bot.messages.reveal import reveal_posts
from bot.messages.round import reminder_post, story_without_waiting_line
from bot.messages.table import Table
from bot.options import HandsIn
from bot.play.transition import Ended, Transition
from bot.rating import shown_change
from bot.storage import GameRecord, PlayerId, StorageError, player_id

log = logging.getLogger("whyfirst.announce")


class ChannelPosts:
    def __init__(
        self,
        routes: Routes,
        book: ClickBook,
        rounds: RoundMessages,
        storage: ResultStorage,
        notes: Notes,
        fallback: Callable[[str], None] = lambda kind: None,
        replay_url: Callable[[str], str] | None = None,
    ) -> None:
        self._notes = notes
        self._routes = routes
        self._book = book
        self._rounds = rounds
        self._storage = storage
        self._fallback = fallback
        """Counts a message of a game with the hands in the channel that went by REST."""
        self._replay_url = replay_url
        """A replay token's page, when the bot serves web pages."""

    async def post_reveal(self, table: Table, transition: Transition) -> None:
        """A new round message, the follow-up of the click that made it if it was a click in
        the channel, else a paced REST request; after the last one, the result with the game
        record and a Rematch button. Then the game notes the change as shown."""
        round_message = self._rounds.replacing(table.game_id)
        changes = await self._rating_changes(table.game_id) if transition.finished else {}
        # Drawn, its picture too, before the request takes its turn, so that it is sent the
        # moment it may go: a picture drawn after the turn would let requests reach Discord
        # later, and more bunched, than the pacer let them go. Drawn while the click that made
        # it answers: only then may it follow up that click.
        record, before, state = transition.record, transition.before, transition.state
        note = self._notes.in_reveal(table, state, transition.events)
        posts = await reveal_posts(
            table, record, before, state, transition.events, changes, self._replay_url, note
        )
        await transition.answered()
        click = self._book.of_change(table, transition)
        address = Address(table.channel_id, click=click, attachments=round_message.can_attach)
        letter = Letter(posts.round_message, what=f"game {table.game_id}: post in the channel")
        once = transition.recovered
        after = record.round_message_id or record.lobby_message_id
        posted = await self._post_once(table, address, _named(letter, record, "r"), after, once)
        crash_point("reveal")
        ids = self._rounds.posted(table.game_id, posted, posts.story.text)
        if posts.result is not None:
            address = Address(table.channel_id, click=self._book.of_result(table))
            letter = _named(
                Letter(posts.result, what=f"game {table.game_id}: the result"), record, "x"
            )
            after = posted.sent.id if posted.sent is not None else after
            result = await self._post_once(table, address, letter, after, once)
            crash_point("result")
            ids |= {"result_message_id": result.sent.id} if result.sent is not None else {}
        await keep_message_ids(self._storage, table.game_id, ids, "what it showed", record.version)

    async def _post_once(
        self, table: Table, address: Address, letter: Letter, after: int | None, recovered: bool
    ) -> Delivery:
        """A new message; when a process that died before storing what it showed may have sent
        it already, that one."""
        if recovered:
            found = await self._routes.find(address, after, _like(letter.post.content))
            if found.delivered:
                return found
        return await self._post(table, address, letter)

    async def _rating_changes(self, game_id: int) -> dict[str, float]:
        """Each rated person's change on the shown scale; none if they cannot be read."""
        try:
            changes = await self._storage.rating_changes(game_id)
        except StorageError as problem:
            log.warning("game %s: rating changes not read: %s", game_id, problem)
            return {}
        return {str(player_id(user)): shown_change(change) for user, change in changes.items()}

    async def remind(self, record: GameRecord, missing: tuple[PlayerId, ...]) -> None:
        if record.state is not None:
            table = Table.of(record)
            post = reminder_post(table, engine.state_from_dict(record.state), missing)
            # Only worth it now: where only clicks reach, none waits for the next one.
            letter = Letter(post, what="a reminder", droppable=True)
            await self._post(table, self._from_anyone(table), letter)

    async def ended(self, ended: Ended) -> None:
        """Say that the game ended, and take the buttons off its lobby or round message."""
        record = ended.record
        table = Table.of(record)
        notice = Post(end_notice(ended, table.locale))
        letter = _named(Letter(notice, what=f"game {table.game_id}: the end"), record, "e")
        rest = not table.reach.clicks_only
        message_id = self._rounds.message_id(table.game_id) or record.round_message_id
        if record.lobby_message_id and record.state_json is None:
            lobby = Address(table.channel_id, record.lobby_message_id, rest=rest)
            await self._routes.deliver(self._routes.route(lobby), letter)
        else:
            await self._post_once(
                table, self._from_anyone(table), letter, message_id, ended.recovered
            )
        if message_id and record.state_json is not None:
            buttons_off = Address(table.channel_id, message_id, rest=rest)
            await self._routes.deliver(self._routes.route(buttons_off), Letter(what="buttons"))
        await keep_message_ids(self._storage, table.game_id, {}, "the end", record.version)

    def _from_anyone(self, table: Table) -> Address:
        return Address(table.channel_id, click=self._book.anyone(table.game_id))

    async def _post(self, table: Table, address: Address, letter: Letter) -> Delivery:
        """A new message: through the address's click while it may follow up, else by REST;
        where only clicks reach the channel, through the next click in it (in game order:
        the game's later messages wait behind this one)."""
        if table.reach.clicks_only:
            address = replace(address, rest=False)
        delivery = await self._routes.deliver(self._routes.route(address, new=True), letter)
        if delivery.by_rest and table.hands is HandsIn.CHANNEL:
            self._fallback("post")
        while not delivery.delivered and table.reach.clicks_only and not letter.droppable:
            click = await self._book.next(table.channel_id)
            if click is None:
                log.info("game %s: %s left undelivered", table.game_id, letter.what)
                return delivery
            address = replace(address, click=click)
            delivery = await self._routes.deliver(self._routes.route(address, new=True), letter)
        return delivery


def _named(letter: Letter, record: GameRecord, what: str) -> Letter:
    """The letter with the nonce that names its message: this game's, at this version."""
    return replace(letter, nonce=f"{record.id:x}.{record.version}.{what}")


def _like(content: str | None) -> Callable[[str], bool]:
    """Whether a message's text is this one's, but for a "Waiting for" line edited since."""
    return lambda text: _story(text) == _story(content or "")


def _story(content: str) -> str:
    return story_without_waiting_line(content) or content
