"""Backgammon's play part: the doubling cube's decisions in a match."""
