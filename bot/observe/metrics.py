"""The bot's metrics, one registry per client, in Prometheus' text format on /metrics."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
COMMIT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self.games = Gauge("whyfirst_games", "Open games by status", ["status"], registry=registry)
        self.interactions = Counter(
            "whyfirst_interactions",
            "Interactions handled, by kind (button, command) and outcome "
            "(answered, refused, failed)",
            ["kind", "outcome"],
            registry=registry,
        )
        self.acknowledgement = Histogram(
            "whyfirst_acknowledgement_seconds",
            "From an interaction's creation to the bot's first answer to it",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.rest_requests = Counter(
            "whyfirst_rest_requests",
            "HTTP requests to Discord by method, route and status (429: rate limited)",
            ["method", "route", "status"],
            registry=registry,
        )
        self.rest_fallbacks = Counter(
            "whyfirst_rest_fallbacks",
            "Public messages of games with the hands in the channel sent by REST because no "
            "click's token was fresh, by kind (post, edit)",
            ["kind"],
            registry=registry,
        )
        self.rest_waiting = Gauge(
            "whyfirst_rest_waiting",
            "REST requests waiting for their turn under Discord's global limit",
            registry=registry,
        )
        self.commits = Histogram(
            "whyfirst_commit_seconds",
            "Time to store one game transition",
            buckets=COMMIT_BUCKETS,
            registry=registry,
        )
        self.version_conflicts = Counter(
            "whyfirst_version_conflicts",
            "Commits refused because another caller changed the game first",
            registry=registry,
        )
        self.deadlines = Counter(
            "whyfirst_deadlines",
            "Deadlines by what happened: fired here, or taken over from a dead process",
            ["event"],
            registry=registry,
        )

    def count_rest_fallback(self, kind: str) -> None:
        """A public message sent by REST for want of a fresh click ("post" or "edit")."""
        self.rest_fallbacks.labels(kind).inc()

    def text(self) -> bytes:
        return generate_latest(self.registry)
