"""The Discord adapter for Why First?: commands, views, rendering and storage."""
