"""AI players: `choose(view, level, seed)` is the action of the view's player.

    action = choose(view_for(state, player), Level.SHARP, ai_seed)

An AI sees only its seat's view. `casual` plays the move that looks best were the stage
scored right after it, with some noise; `sharp` searches the rest of the stage by Monte
Carlo, the unseen cards dealt anew in every sample and the others playing casually.
"""

from .decide import Level, choose, choose_each

__all__ = ["Level", "choose", "choose_each"]
