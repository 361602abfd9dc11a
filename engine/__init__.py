"""The rules of Why First?: a pure, deterministic reducer (standard library only, no I/O)."""
