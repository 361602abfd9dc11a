"""How the bot is doing, for its operator: Prometheus metrics and a health check over HTTP
(WHYFIRST_METRICS_PORT). Never a token, never a player's data."""
