"""The chaos soak (`make chaos`): see tests/chaos/__main__.py."""
