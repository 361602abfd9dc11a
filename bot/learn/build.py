"""The learn feature's parts, built from the few collaborators they use: the composition root
hands its `tutor` to the hands, the reveals, the controls and the table (`Notes`,
bot/messages/hand.py), and adds its `feature` with every other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.announce.outbox import Outbox
from bot.learn.commands import learn_feature
from bot.learn.desk import LearnDesk, OpenGameReader
from bot.learn.store import LearningStore
from bot.learn.tutor import Tutor
from bot.play.service import GameService
from bot.storage.units import Database
from bot.ui.feature import Feature
from bot.ui.in_flight import InFlight


class LearningStorage(OpenGameReader, Protocol):
    @property
    def units(self) -> Database: ...


@dataclass(frozen=True)
class Learning:
    tutor: Tutor
    feature: Feature


def learning(
    storage: LearningStorage, service: GameService, outbox: Outbox, in_flight: InFlight
) -> Learning:
    store = LearningStore(storage.units)
    tutor = Tutor(store)
    desk = LearnDesk(service, outbox, storage, store, tutor)
    return Learning(tutor, learn_feature(desk, in_flight))
