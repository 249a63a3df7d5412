"""Game knowledge for depth-limited search: one evaluator module per game."""
