"""One board view per game, all behind the BoardView interface in base.py."""
