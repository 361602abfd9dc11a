"""`make demo`: the real bot plays one whole game against the loopback Discord, and a
self-contained HTML page shows the channel and every player's DMs as they saw them.

    .venv/bin/python -m tests.demo --out whyfirst-demo.html --seed 1
"""
