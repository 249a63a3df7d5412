"""Kibitz search: minimax, alpha-beta and expectiminimax over the game protocol; never pygame."""
