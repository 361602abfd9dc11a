"""Seeds give the same games on every machine and every Python version."""

import engine
from engine.rng import next_u64


def test_the_generator_is_splitmix64() -> None:
    # The reference implementation's first output from state 0.
    assert next_u64(0) == (0x9E3779B97F4A7C15, 0xE220A8397B1DCDAF)


def test_a_seed_always_deals_the_same_first_stage() -> None:
    state, _, _ = engine.settle(engine.new_game(["a", "b"], engine.Variant.STANDARD, 2026))
    assert state.hands == ((4, 21, 3, 30, 18), (13, 26, 20, 7, 32))
    assert state.leo_stack == (2, 5, 14, 9)
