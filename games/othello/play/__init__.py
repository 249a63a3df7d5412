"""Othello's play part: GTP engines (GRhino's gtp-rhino) as players (gtp_player.py)."""
