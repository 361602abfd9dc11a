"""What a chaos soak counts, and the report it prints at the end."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Tally:
    kills: Counter[str] = field(default_factory=Counter)
    """SIGKILLs, by deployment."""
    games: int = 0
    """Games played to their end."""
    league_nights: int = 0
    rounds: int = 0
    """Rounds revealed in the games played to their end."""
    reveals_lost: int = 0
    """Rounds a finished game's record holds that its channel never showed."""
    reveals_doubled: int = 0
    """Rounds shown more than once."""
    hands_missing: int = 0
    """A player's hand for a turn that waited on them did not come within HAND_PATIENCE."""
    records_differing: int = 0
    """Finished games whose record does not replay to the totals announced."""
    threads_doubled: int = 0
    """League tables with more than one thread."""
    stuck: int = 0
    """Games that made no progress for STUCK_SECONDS and were abandoned by the soak."""
    unopened: int = 0
    """Games that could not be opened in 20 tries (the channel said busy, or nothing came)."""
    clicks_failed: Counter[bool] = field(default_factory=Counter)
    """A player's card or target clicks not answered in time, by whether a kill was near
    (Deployment.killed_around)."""
    ready_to_reveal: list[float] = field(default_factory=list)
    """Per reveal stored but not shown when a process died: seconds from the restarted (or
    surviving) process's gateway READY to the reveal in the channel (0 when it came before)."""
    notes: list[str] = field(default_factory=list)
    """What went wrong, for the reader of the report."""

    def note(self, line: str) -> None:
        self.notes.append(line)
        print(f"chaos: {line}", flush=True)

    def click_failed(self, near_a_kill: bool) -> None:
        self.clicks_failed[near_a_kill] += 1

    def report(self, minutes: float, seed: int) -> str:
        waits = sorted(self.ready_to_reveal)
        p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))] if waits else None
        kills = ", ".join(f"{name} {count}" for name, count in sorted(self.kills.items()))
        lines = [
            f"chaos soak: {minutes:g} minutes, seed {seed}",
            f"kills: {sum(self.kills.values())} ({kills})",
            f"games played to the end: {self.games}; league nights: {self.league_nights}",
            f"rounds played: {self.rounds}",
            f"reveals lost: {self.reveals_lost}",
            f"reveals doubled: {self.reveals_doubled}",
            f"hands that never came: {self.hands_missing}",
            f"records that differ from the replay: {self.records_differing}",
            f"league tables with two threads: {self.threads_doubled}",
            f"games stuck: {self.stuck}; games that could not be opened: {self.unopened}",
            f"clicks not answered within 3 s: {self.clicks_failed.total()}"
            f" ({self.clicks_failed[True]} within 3 s of a kill or restart)",
            f"missed reveals shown after READY: {len(waits)}"
            + (
                f", p50 {waits[len(waits) // 2]:.2f} s, p99 {p99:.2f} s, max {waits[-1]:.2f} s"
                if waits and p99 is not None
                else ""
            ),
        ]
        return "\n".join(lines + [f"  - {note}" for note in self.notes[-40:]])

    @property
    def clean(self) -> bool:
        return not (
            self.reveals_lost
            or self.reveals_doubled
            or self.hands_missing
            or self.records_differing
            or self.threads_doubled
            or self.stuck
            or self.unopened
        )
