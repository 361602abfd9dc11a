"""The figures of bench/load.py: percentiles, the bot's CPU and memory (read from /proc),
the offered interaction rate, the per-10-s timeline and the printed report of a run.
"""

from __future__ import annotations

import asyncio
import math
import os
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench.load_run import PLAYERS_PER_GAME, Outcome, Settings
from tests.loopback import LoopbackDiscord
from tests.loopback.errors import Violation
from tests.loopback.harness import BotProcess

ROUND_CLICKS = ("wf:card:", "wf:pick:", "wf:hand:")
"""Custom id prefixes of the clicks that play a round (a card, a target, Show my hand)."""


# --- reading figures ----------------------------------------------------------------------------


def percentiles(samples: list[float]) -> str:
    """p50 / p99 / max of latencies in seconds, as one line of the report."""
    if not samples:
        return "no samples"
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"p50 {statistics.median(ordered) * 1000:8.1f} ms   p99 {p99 * 1000:8.1f} ms   "
        f"max {ordered[-1] * 1000:8.1f} ms   (n={len(ordered)})"
    )


def memory_kib(pid: int, field_name: str) -> int:
    """A field of /proc/PID/status in KiB (VmRSS, VmHWM); 0 when it is not there."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """The user and system CPU seconds the process (or one of its threads) has spent so far."""
    stat = Path(f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat")
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_ticks() -> tuple[int, int]:
    """All CPU time of this machine so far and the part the hypervisor gave to other machines
    ("steal"), in clock ticks (/proc/stat)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields[:8]), fields[7]


def stolen_share(before: tuple[int, int], after: tuple[int, int]) -> float:
    """The share of the machine's CPU time taken by the hypervisor between two readings: a run
    during which it was high is slower for reasons outside this machine."""
    total, stolen = after[0] - before[0], after[1] - before[1]
    return stolen / total if total else 0.0


def quantile(samples: list[float], share: float) -> float:
    """The `share` quantile of the samples (nearest rank); infinity when there are none."""
    if not samples:
        return math.inf
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


# --- measuring the bot ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """The bot's CPU seconds and RSS (KiB) at a moment of the run."""

    at: float
    bot_cpu: float
    rss: int


@dataclass(frozen=True)
class Usage:
    """What the run cost: wall time, CPU seconds, and the bot's memory in KiB."""

    wall: float
    bot_cpu: float
    loop_cpu: float
    """The part of `bot_cpu` its main thread spent: the event loop's (the rest: the database's
    and the pictures' threads)."""
    bench_cpu: float
    baseline_rss: int
    peak_rss: int
    final_rss: int
    samples: list[Sample]


async def sample_bot(pid: int, samples: list[Sample]) -> None:
    """Every second, what the bot has spent so far (for the timeline)."""
    while True:
        samples.append(Sample(time.monotonic(), cpu_seconds(pid), memory_kib(pid, "VmRSS")))
        await asyncio.sleep(1.0)


# --- the interactions and the timeline ------------------------------------------------------------


def round_acks(discord: LoopbackDiscord) -> list[float]:
    """Acknowledgement latencies of the clicks that play rounds (not the lobby's)."""
    return [
        i.acknowledged_at - i.dispatched_at
        for i in discord.world.interactions.values()
        if i.acknowledged_at is not None
        and i.dispatched_at is not None
        and str((i.payload.get("data") or {}).get("custom_id", "")).startswith(ROUND_CLICKS)
    ]


def late_interactions(discord: LoopbackDiscord) -> list[Violation]:
    """The interactions acknowledged past 3 s, or never."""
    return [v for v in discord.violations if v.kind in ("not-acknowledged", "late-acknowledgement")]


def offered_rates(discord: LoopbackDiscord, wall: float) -> tuple[int, float, int]:
    """Interactions sent, their mean rate per second of wall time, the busiest second's count."""
    moments = sorted(
        i.dispatched_at for i in discord.world.interactions.values() if i.dispatched_at is not None
    )
    if not moments:
        return 0, 0.0, 0
    per_second = Counter(math.floor(moment - moments[0]) for moment in moments)
    return len(moments), len(moments) / max(wall, 1.0), max(per_second.values())


TIMELINE_WINDOW = 10.0


def print_timeline(discord: LoopbackDiscord, samples: list[Sample]) -> None:
    """Per window of the run: interactions sent, their acknowledgement p99, the bot's CPU
    share and RSS, to see which part of a run the slow acknowledgements come from."""
    if not samples:
        return
    start = samples[0].at
    acks: dict[int, list[float]] = {}
    for i in discord.world.interactions.values():
        if i.dispatched_at is not None and i.acknowledged_at is not None:
            window = int((i.dispatched_at - start) // TIMELINE_WINDOW)
            acks.setdefault(window, []).append(i.acknowledged_at - i.dispatched_at)
    print("\ntimeline   clicks   ack p99   bot CPU   bot RSS")
    for window in range(int((samples[-1].at - start) // TIMELINE_WINDOW) + 1):
        inside = [s for s in samples if window <= (s.at - start) / TIMELINE_WINDOW < window + 1]
        latencies = sorted(acks.get(window, []))
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0
        busy = (
            (inside[-1].bot_cpu - inside[0].bot_cpu) / max(inside[-1].at - inside[0].at, 1e-9)
            if len(inside) > 1
            else 0.0
        )
        rss = inside[-1].rss if inside else 0
        print(
            f"{window * TIMELINE_WINDOW:6.0f} s {len(latencies):8d} {p99 * 1000:7.0f} ms "
            f"{busy * 100:7.0f} % {rss / 1024:7.0f} MiB"
        )


# --- the report -----------------------------------------------------------------------------------


def report(
    discord: LoopbackDiscord,
    bot: BotProcess,
    run: Settings,
    outcome: Outcome,
    usage: Usage,
    spent: Counter[str],
    tokens: Counter[str],
) -> None:
    """Print the run's figures; `spent` counts the REST requests under the global limit,
    `tokens` the requests through interaction tokens (answers, follow-ups, their edits)."""
    late = late_interactions(discord)
    sent, mean_rate, peak_rate = offered_rates(discord, usage.wall)
    print(
        f"\n{run.games} games x {PLAYERS_PER_GAME} players ({run.ai} AI seats, {run.ai_level}), "
        f"{run.rounds} round(s), pace "
        f"{run.pace}, hands in {run.hands}, REST limit {run.rest_limit}/s, OpenAPI validation "
        f"{'on' if run.validate else 'off'}"
    )
    if run.pace == "human":
        print(
            f"think times: card {run.card_think[0]}-{run.card_think[1]} s, target "
            f"{run.target_think[0]}-{run.target_think[1]} s; {run.open_rate:g} lobbies/s"
        )
    if run.timeline:
        print_timeline(discord, usage.samples)
    print(f"acknowledgement (all)      {percentiles(discord.world.ack_latencies)}")
    print(f"acknowledgement (rounds)   {percentiles(round_acks(discord))}")
    print(f"reveal                     {percentiles(outcome.reveal_latencies)}")
    if outcome.hand_waits:
        # Seen by players polling every 0.25 s: a bound on what they wait, not a latency.
        print(f"hand in sight after round  {percentiles(outcome.hand_waits)}")
    print(f"interactions past 3 s      {len(late)}")
    print(
        f"offered interactions       {sent} in {usage.wall:.1f} s of wall time: "
        f"{mean_rate:.1f}/s, {peak_rate}/s in the busiest second"
    )
    per_round = usage.bot_cpu / max(outcome.revealed, 1) * 1000
    loop = usage.loop_cpu / max(outcome.revealed, 1) * 1000
    print(
        f"CPU                        bot {usage.bot_cpu:.1f} s, {per_round:.1f} ms per game-round "
        f"({outcome.revealed} revealed, lobbies included); loopback + players "
        f"{usage.bench_cpu:.1f} s"
    )
    print(
        f"   bot's threads           event loop {loop:.1f} ms per game-round, the others "
        f"(database, pictures) {per_round - loop:.1f} ms"
    )
    print(
        f"bot memory                 baseline {usage.baseline_rss} KiB, peak "
        f"{usage.peak_rss} KiB: {(usage.peak_rss - usage.baseline_rss) / run.games:.1f} KiB per "
        f"game; RSS at the end {usage.final_rss} KiB: "
        f"{(usage.final_rss - usage.baseline_rss) / run.games:.1f} KiB per game"
    )
    rounds = max(outcome.revealed, 1)
    print(
        f"REST requests (global limit) {sum(spent.values())}: "
        f"{sum(spent.values()) / rounds:.2f} per revealed game-round, lobbies included"
    )
    for route, count in spent.most_common():
        print(f"  {count / rounds:5.2f} per round  {count:6d}  {route}")
    print(
        f"requests through tokens    {sum(tokens.values())}: "
        f"{sum(tokens.values()) / rounds:.2f} per revealed game-round, lobbies included"
    )
    for route, count in tokens.most_common():
        print(f"  {count / rounds:5.2f} per round  {count:6d}  {route}")
    print(f"responses 429              {discord.world.rate_limited_responses}")
    print(f"clicks repeated            {outcome.repeated_clicks} (after the click failed)")
    print(f"rounds stuck (no reveal)   {len(outcome.stuck)}")
    for line in outcome.stuck[:10]:
        print(f"  {line}")
    if len(outcome.stuck) > 10:
        print(f"  ... and {len(outcome.stuck) - 10} more")
    print(f"other rule violations      {len(discord.violations) - len(late)}")
    noisy = Counter(
        line[:90] for line in bot.stderr_lines if line.startswith(("WARNING", "ERROR", "CRITICAL"))
    )
    for line, count in noisy.most_common(5):
        print(f"bot stderr x{count}: {line}")
    if run.bot_log is not None:
        run.bot_log.write_text("\n".join(bot.stderr_lines) + "\n")
        print(f"the bot's whole log is in {run.bot_log}")
