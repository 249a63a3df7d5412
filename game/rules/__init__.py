"""One module per game; standard library only, so the AI and tests never need a display."""
