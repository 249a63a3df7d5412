"""Reviewing a finished (or unfinished) game: every decision searched again with a strong
setting, its loss against the best move marked in the game's own convention, the players
summed up. ``scale`` is what a game says about weighing its moves (its kit's
``GameAI.review``), ``analysis`` runs the searches, ``summary`` sums the rows up; the answer
is game.review's plain data, which a save file carries."""
