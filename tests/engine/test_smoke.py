import engine


def test_a_two_player_game_starts_with_a_deal_to_both_players_and_leo() -> None:
    state, actions, events = engine.settle(engine.new_game(["111", "222"], "standard", 7))
    assert state.phase is engine.Phase.PICKING
    assert engine.figures(state) == ("111", "222", engine.LEO)
    assert len(actions) == 1
    assert events == (engine.StageDealt(1),)
    assert len(engine.view_for(state, "111").hand) == engine.HAND_SIZE
