"""Load: N concurrent 4-player games against one `python -m bot` through the loopback Discord.

    .venv/bin/python bench/load.py --games 500 --rounds 2            # people at human pace
    .venv/bin/python bench/load.py --games 500 --rounds 2 --pace burst

`--pace human` (the default): lobbies open staggered (`--open-rate` games a second), then
each game plays on its own: every player waits for their hand, thinks (`--card-think`
seconds, uniform), clicks a card, thinks again (`--target-think`) and clicks a target; a
click that failed ("This interaction failed") is clicked again a second later, as people do.
`--pace burst`: the stress case, every player of every game clicks at the same instant and
all games advance round by round together.

Prints, for acknowledgement (interaction sent -> callback received) and for reveal (a game's
last pick sent -> its reveal posted), p50 / p99 / max; interactions past 3 s; the offered
interaction rate (mean and peak second); wall time; the bot's CPU; 429s; and the bot's memory
per running game. Nothing here is asserted: see the numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.table import Table, buttons, enabled, turn_in
from tests.loopback import LoopbackDiscord, Message, Player
from tests.loopback.errors import LoopbackError, Violation
from tests.loopback.harness import BotProcess, bot_environment
from tests.loopback.interactions import InteractionOutcome
from tests.loopback.players import GuildHandle

PLAYERS_PER_GAME = 4
ROUNDS_PER_STAGE = 5
OPEN_CONCURRENCY = 25
POLL_SECONDS = 0.05
# People notice a new hand within a fraction of a second; polling thousands of players faster
# only spends the CPU the bot is measured with (latencies come from timestamps, not polls).
HUMAN_POLL_SECONDS = 0.25
DMS_CLOSED = "I can't send you DMs"
DM_FAILED = "Discord did not deliver your hand"
CLICK_ATTEMPTS = 3
REPEAT_PAUSE_SECONDS = 1.0
ROUND_CLICKS = ("wf:card:", "wf:pick:", "wf:hand:")
"""Custom id prefixes of the clicks that play a round (a card, a target, Show my hand)."""


@dataclass(frozen=True)
class Settings:
    games: int
    rounds: int
    pace: str
    rest_limit: int
    validate: bool
    seed: int
    open_rate: float
    card_think: tuple[float, float]
    target_think: tuple[float, float]
    round_timeout: float
    bot_log: Path | None = None
    timeline: bool = False


@dataclass
class Outcome:
    """What the games did: reveal latencies, revealed game-rounds, rounds that got stuck."""

    reveal_latencies: list[float] = field(default_factory=list)
    revealed: int = 0
    stuck: list[str] = field(default_factory=list)
    repeated_clicks: int = 0


# --- reading figures ----------------------------------------------------------------------------


def percentiles(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"p50 {statistics.median(ordered) * 1000:8.1f} ms   p99 {p99 * 1000:8.1f} ms   "
        f"max {ordered[-1] * 1000:8.1f} ms   (n={len(ordered)})"
    )


def memory_kib(pid: int, field_name: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def turns(rounds: int) -> list[tuple[int, int]]:
    """The (stage, round) of the first `rounds` rounds of a game."""
    return [(1 + k // ROUNDS_PER_STAGE, 1 + k % ROUNDS_PER_STAGE) for k in range(rounds)]


# --- what a player sees -------------------------------------------------------------------------


def told_no_hand(table: Table, player: Player) -> bool:
    """The bot told the channel it cannot DM the player (closed DMs), or that this round's
    hand did not reach them by DM (after retries)."""
    closed = f"{player.mention}, {DMS_CLOSED}"
    failed = f"{player.mention}, {DM_FAILED}"
    messages = table.game_messages()
    if any(m.content.startswith(closed) for m in messages):
        return True
    if not any(m.content.startswith(failed) for m in messages):
        return False
    current = table.round_message()
    return current is not None and any(
        m.id > current.id and m.content.startswith(failed) for m in messages
    )


def dm_for(player: Player, stage: int, round_: int) -> Message | None:
    dms = player.dms()
    if not dms or turn_in(dms[-1].content) != (stage, round_):
        return None
    first = dms[-1].revisions[0][0] if dms[-1].revisions else dms[-1].content
    turn = turn_in(first)
    if turn is None or turn[0] != stage or not enabled(buttons(dms[-1], "card")):
        return None
    return dms[-1]


def hand_ready(table: Table, player: Player, stage: int, round_: int) -> bool:
    """The player can play this round: by DM, or through Show my hand (and then says so)."""
    if dm_for(player, stage, round_) is not None:
        table.closed_dms.discard(str(player.id))
        return True
    if told_no_hand(table, player):
        table.closed_dms.add(str(player.id))
        return True
    return False


def hand_seen(player: Player) -> str:
    """What the player's latest DM shows, for a stuck round's report."""
    dms = player.dms()
    if not dms:
        return "no DM"
    latest = dms[-1]
    cards = len(enabled(buttons(latest, "card")))
    return f"{len(dms)} DMs, the latest at {turn_in(latest.content)} with {cards} live cards"


async def until(check: Callable[[], object]) -> None:
    """Poll `check` until it passes (bounded by the caller's timeout).

    A timer rather than the fake's change event: thousands of waiters woken on every change
    would spend the CPU the bot is being measured with.
    """
    while not check():  # noqa: ASYNC110
        await asyncio.sleep(HUMAN_POLL_SECONDS)


# --- human pace: staggered lobbies, every game on its own, thinking players ------------------


async def human_click(
    player: Player,
    message: Message,
    outcome: Outcome,
    settled: Callable[[], bool] = lambda: False,
    **which: str,
) -> InteractionOutcome:
    """Click; after "This interaction failed" click again, as people do, unless `settled()`.

    A refusal after a repeat means the first click did land (its answer only came too late).
    """
    for attempt in range(CLICK_ATTEMPTS):
        if attempt:
            await asyncio.sleep(REPEAT_PAUSE_SECONDS)
            if settled():
                break
            outcome.repeated_clicks += 1
        clicked = await player.click(message, **which)
        if not clicked.failed:
            if attempt == 0 and clicked.ephemeral_text is not None:
                raise LoopbackError(f"the bot refused a click: {clicked.ephemeral_text}")
            return clicked
    if not settled():
        raise LoopbackError(f"{player.name} clicked {CLICK_ATTEMPTS} times, never acknowledged")
    return clicked


async def human_hand(
    table: Table, player: Player, turn: tuple[int, int], outcome: Outcome
) -> Message:
    """The player's hand: their DM, or the ephemeral reply to Show my hand."""
    dm = dm_for(player, *turn)
    if dm is not None:
        return dm
    current = table.round_message()
    assert current is not None, "a hand is ready only once the round message is there"
    shown = await human_click(player, current, outcome, label="Show my hand")
    if shown.ephemeral is None:
        raise LoopbackError("Show my hand gave no ephemeral reply")
    return shown.ephemeral


async def human_turn(
    table: Table,
    player: Player,
    thinker: random.Random,
    turn: tuple[int, int],
    run: Settings,
    outcome: Outcome,
) -> float:
    """Wait for the hand, think, click a card, think, click a target; when the pick was sent."""
    before = table.round_message()

    def revealed() -> bool:
        return table.round_message() is not before

    await until(lambda: hand_ready(table, player, *turn))
    hand = await human_hand(table, player, turn, outcome)
    await asyncio.sleep(thinker.uniform(*run.card_think))
    card = thinker.choice(enabled(buttons(hand, "card")))
    sent = time.monotonic()
    await human_click(player, hand, outcome, revealed, custom_id=card["custom_id"])
    targets = buttons(hand, "pick")
    if targets and not revealed():
        await asyncio.sleep(thinker.uniform(*run.target_think))
        target = thinker.choice(targets)
        sent = time.monotonic()
        await human_click(player, hand, outcome, revealed, custom_id=target["custom_id"])
    return sent


async def human_lobby(table: Table, outcome: Outcome) -> None:
    """/whyfirst start by the host, Join by the others, Start by the host."""
    opened = await table.host.slash(table.channel, "whyfirst start", pick_seconds=600)
    if opened.failed or opened.ephemeral_text is not None:
        raise LoopbackError(f"/whyfirst start failed: {opened.ephemeral_text}")
    table.lobby = opened.message or table.channel.last_message()
    for player in table.players[1:]:
        await human_click(player, table.lobby, outcome, label="Join")

    def started() -> bool:
        return table.round_message() is not None

    await human_click(table.host, table.lobby, outcome, started, label="Start")
    await until(started)


async def human_game(
    table: Table, index: int, opens_at: float, run: Settings, outcome: Outcome
) -> None:
    await asyncio.sleep(max(0.0, opens_at - time.monotonic()))
    thinkers = [random.Random(f"{run.seed}/{index}/{seat}") for seat in range(PLAYERS_PER_GAME)]
    try:
        async with asyncio.timeout(run.round_timeout):
            await human_lobby(table, outcome)
    except (TimeoutError, LoopbackError) as problem:
        outcome.stuck.append(f"{table.channel.name}: its lobby did not start: {problem!r}")
        return
    for turn in turns(run.rounds):
        before = table.round_message()
        assert before is not None
        try:
            async with asyncio.timeout(run.round_timeout):
                sent = await asyncio.gather(
                    *(
                        human_turn(table, player, thinker, turn, run, outcome)
                        for player, thinker in zip(table.players, thinkers, strict=True)
                    )
                )
                await until(lambda b=before: table.round_message() is not b)
        except TimeoutError:
            awaited = table.waiting_for(before)
            outcome.stuck.append(
                f"{table.channel.name}, stage {turn[0]} round {turn[1]}: no reveal within "
                f"{run.round_timeout:.0f} s (the bot still waits for {len(awaited)} players; "
                + "; ".join(f"{p.name}: {hand_seen(p)}" for p in awaited)
                + ")"
            )
            return
        except LoopbackError as problem:
            outcome.stuck.append(
                f"{table.channel.name}, stage {turn[0]} round {turn[1]}: {problem!r}"
            )
            return
        reveal = table.round_message()
        assert reveal is not None
        outcome.reveal_latencies.append(reveal.created_monotonic - max(sent))
        outcome.revealed += 1


async def play_human(tables: list[Table], run: Settings) -> Outcome:
    outcome = Outcome()
    start = time.monotonic()
    await asyncio.gather(
        *(
            human_game(table, index, start + index / run.open_rate, run, outcome)
            for index, table in enumerate(tables)
        )
    )
    return outcome


# --- burst pace: every click of every game at the same instant, rounds in lock-step ----------


async def wait_all(checks: list[Callable[[], object]], within: float, what: str) -> int:
    """Wait until every check passes; the number still failing when time ran out."""
    deadline = time.monotonic() + within
    while not all(check() for check in checks):
        if time.monotonic() > deadline:
            missing = sum(1 for check in checks if not check())
            print(f"gave up waiting for {what}: {missing} of {len(checks)} missing")
            return missing
        await asyncio.sleep(POLL_SECONDS)
    return 0


async def burst_round(table: Table, stage: int, round_: int) -> float:
    """Both clicks of every player, all at once; returns when the last picks were sent."""
    hands = await asyncio.gather(*(table.controls(p, stage, round_) for p in table.players))
    sent = time.monotonic()
    await table.pick_all(list(zip(table.players, hands, strict=True)), stage, round_)
    return sent


async def play_burst(tables: list[Table], run: Settings, bot_pid: int) -> Outcome:
    gate = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def open_table(table: Table) -> None:
        async with gate:
            await table.open(pick_seconds=600)

    started = time.monotonic()
    await asyncio.gather(*(open_table(table) for table in tables))
    print(f"{len(tables)} games open in {time.monotonic() - started:.1f} s")
    outcome = Outcome()
    playing = list(tables)
    for stage, round_ in turns(run.rounds):
        missing = await wait_all(
            [
                lambda t=t, s=stage, r=round_: all(hand_ready(t, p, s, r) for p in t.players)
                for t in playing
            ],
            run.round_timeout,
            f"every hand of stage {stage} round {round_}",
        )
        if missing:
            ready = [t for t in playing if all(hand_ready(t, p, stage, round_) for p in t.players)]
            outcome.stuck += [
                f"{t.channel.name}, stage {stage} round {round_}: no hands within "
                f"{run.round_timeout:.0f} s"
                for t in playing
                if t not in ready
            ]
            playing = ready
        before = [table.round_message() for table in playing]
        round_start = time.monotonic()
        cpu_before = cpu_seconds(bot_pid), cpu_seconds(os.getpid())
        sent = await asyncio.gather(*(burst_round(t, stage, round_) for t in playing))
        await wait_all(
            [
                lambda t=t, m=m: t.round_message() is not m
                for t, m in zip(playing, before, strict=True)
            ],
            run.round_timeout,
            f"every reveal of stage {stage} round {round_}",
        )
        revealed = []
        for table, moment, old in zip(playing, sent, before, strict=True):
            reveal = table.round_message()
            if reveal is not None and reveal is not old:
                outcome.reveal_latencies.append(reveal.created_monotonic - moment)
                revealed.append(table)
            else:
                outcome.stuck.append(
                    f"{table.channel.name}, stage {stage} round {round_}: "
                    f"no reveal within {run.round_timeout:.0f} s"
                )
        outcome.revealed += len(revealed)
        playing = revealed
        print(
            f"stage {stage} round {round_}: {time.monotonic() - round_start:.1f} s for "
            f"{len(before)} games; CPU: bot {cpu_seconds(bot_pid) - cpu_before[0]:.1f} s, "
            f"loopback + players {cpu_seconds(os.getpid()) - cpu_before[1]:.1f} s"
        )
    return outcome


# --- the run ------------------------------------------------------------------------------------


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


def round_acks(discord: LoopbackDiscord) -> list[float]:
    """Acknowledgement latencies of the clicks that play rounds (not the lobby's)."""
    return [
        i.acknowledged_at - i.dispatched_at
        for i in discord.world.interactions.values()
        if i.acknowledged_at is not None
        and i.dispatched_at is not None
        and str((i.payload.get("data") or {}).get("custom_id", "")).startswith(ROUND_CLICKS)
    ]


def make_tables(discord: LoopbackDiscord, run: Settings) -> tuple[list[Table], GuildHandle]:
    guild = discord.add_guild("Bench")
    tables: list[Table] = []
    for index in range(run.games):
        channel = guild.add_text_channel(f"table-{index}")
        players = [discord.add_user(f"G{index}P{seat}") for seat in range(PLAYERS_PER_GAME)]
        for player in players:
            guild.add_member(player)
        tables.append(Table(discord, channel, players, seed=index, patience=run.round_timeout))
    return tables, guild


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


@dataclass(frozen=True)
class Summary:
    """A run in the figures the goals name."""

    games: int
    reveal_p50: float
    reveal_p99: float
    ack_p99: float
    late: int
    stuck: int
    requests_per_round: float

    def meets_reveal_goal(self) -> bool:
        """Reveal p99 under a second, and every round revealed."""
        return self.reveal_p99 < REVEAL_P99_GOAL and self.stuck == 0


REVEAL_P99_GOAL = 1.0


def quantile(samples: list[float], share: float) -> float:
    if not samples:
        return math.inf
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def run_bench(run: Settings) -> Summary:
    logging.getLogger("loopback").setLevel(logging.ERROR)
    discord = LoopbackDiscord()
    discord.limiter.limit = run.rest_limit
    discord.rest.validate_schema = run.validate
    await discord.start()
    try:
        tables, guild = make_tables(discord, run)
        with tempfile.TemporaryDirectory() as workdir:
            environment = bot_environment(
                discord, Path(workdir) / "bench.sqlite3", dev_guild=guild, time_scale=1.0
            )
            bot = BotProcess(environment, Path(workdir))
            booting = time.monotonic()
            await bot.start()
            at_boot = discord.rate_limited_requests()
            try:
                outcome, usage = await play(tables, run, bot.pid, booting)
            finally:
                await bot.stop()
        spent = discord.rate_limited_requests() - at_boot
        report(discord, bot, run, outcome, usage, spent)
        lost = sum(len(table.closed_dms) for table in tables)
        print(f"players last seen playing through Show my hand (DMs failed): {lost}")
        return Summary(
            games=run.games,
            reveal_p50=quantile(outcome.reveal_latencies, 0.5),
            reveal_p99=quantile(outcome.reveal_latencies, 0.99),
            ack_p99=quantile(round_acks(discord), 0.99),
            late=len(late_interactions(discord)),
            stuck=len(outcome.stuck),
            requests_per_round=sum(spent.values()) / max(outcome.revealed, 1),
        )
    finally:
        await discord.stop()


async def play(
    tables: list[Table], run: Settings, pid: int, booting: float
) -> tuple[Outcome, Usage]:
    baseline = memory_kib(pid, "VmRSS")
    print(f"bot ready in {time.monotonic() - booting:.1f} s, RSS {baseline} KiB")
    cpu_at_start = cpu_seconds(pid), cpu_seconds(os.getpid())
    started = time.monotonic()
    samples: list[Sample] = []
    sampler = asyncio.create_task(sample_bot(pid, samples))
    try:
        if run.pace == "human":
            outcome = await play_human(tables, run)
        else:
            outcome = await play_burst(tables, run, pid)
    finally:
        sampler.cancel()
    usage = Usage(
        wall=time.monotonic() - started,
        bot_cpu=cpu_seconds(pid) - cpu_at_start[0],
        bench_cpu=cpu_seconds(os.getpid()) - cpu_at_start[1],
        baseline_rss=baseline,
        peak_rss=memory_kib(pid, "VmHWM"),
        final_rss=memory_kib(pid, "VmRSS"),
        samples=samples,
    )
    return outcome, usage


def late_interactions(discord: LoopbackDiscord) -> list[Violation]:
    return [v for v in discord.violations if v.kind in ("not-acknowledged", "late-acknowledgement")]


def report(
    discord: LoopbackDiscord,
    bot: BotProcess,
    run: Settings,
    outcome: Outcome,
    usage: Usage,
    spent: Counter[str],
) -> None:
    late = late_interactions(discord)
    sent, mean_rate, peak_rate = offered_rates(discord, usage.wall)
    print(
        f"\n{run.games} games x {PLAYERS_PER_GAME} players, {run.rounds} round(s), pace "
        f"{run.pace}, REST limit {run.rest_limit}/s, OpenAPI validation "
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
    print(f"interactions past 3 s      {len(late)}")
    print(
        f"offered interactions       {sent} in {usage.wall:.1f} s of wall time: "
        f"{mean_rate:.1f}/s, {peak_rate}/s in the busiest second"
    )
    per_round = usage.bot_cpu / max(outcome.revealed, 1) * 1000
    print(
        f"CPU                        bot {usage.bot_cpu:.1f} s, {per_round:.1f} ms per game-round "
        f"({outcome.revealed} revealed, lobbies included); loopback + players "
        f"{usage.bench_cpu:.1f} s"
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


def stop_on_sigterm() -> None:
    """Cancel the running task on SIGTERM as on Ctrl-C, so the bot under test is stopped."""
    task = asyncio.current_task()
    assert task is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)


async def main_task(run: Settings) -> None:
    stop_on_sigterm()
    await run_bench(run)


def seconds_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    bounds = float(low), float(high or low)
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW-HIGH seconds")
    return bounds


def parser_of_runs(description: str | None) -> argparse.ArgumentParser:
    """The options of one run (bench/capacity.py adds its own to them)."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--pace", choices=("human", "burst"), default="human")
    parser.add_argument("--rest-limit", type=int, default=50, help="global REST requests/s")
    parser.add_argument(
        "--no-validate",
        action="store_true",
        help="skip the fake's OpenAPI validation (~10 ms of its CPU per message)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seeds the players' think times and choices"
    )
    parser.add_argument(
        "--open-rate", type=float, default=25.0, help="human pace: lobbies opened per second"
    )
    parser.add_argument(
        "--card-think",
        type=seconds_range,
        default=(2.0, 8.0),
        metavar="LOW-HIGH",
        help="human pace: seconds before a card click (uniform; default 2-8)",
    )
    parser.add_argument(
        "--target-think",
        type=seconds_range,
        default=(0.5, 2.0),
        metavar="LOW-HIGH",
        help="human pace: seconds before a target click (uniform; default 0.5-2)",
    )
    parser.add_argument(
        "--round-timeout",
        type=float,
        default=120.0,
        help="seconds a round may take before it is reported as stuck",
    )
    parser.add_argument("--bot-log", type=Path, help="write the bot's whole log to this file")
    parser.add_argument(
        "--timeline",
        action="store_true",
        help="also print, per 10 s of the run, clicks, their ack p99, the bot's CPU and RSS",
    )
    return parser


def settings_of(arguments: argparse.Namespace) -> Settings:
    return Settings(
        games=arguments.games,
        rounds=arguments.rounds,
        pace=arguments.pace,
        rest_limit=arguments.rest_limit,
        validate=not arguments.no_validate,
        seed=arguments.seed,
        open_rate=arguments.open_rate,
        card_think=arguments.card_think,
        target_think=arguments.target_think,
        round_timeout=arguments.round_timeout,
        bot_log=arguments.bot_log,
        timeline=arguments.timeline,
    )


def main() -> None:
    run = settings_of(parser_of_runs(__doc__).parse_args())
    try:
        asyncio.run(main_task(run))
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("interrupted: the bot under test was stopped")


if __name__ == "__main__":
    main()
