"""A match in progress and the AI's work on it, without pygame: the controller the play screen
draws (play.controller), the one path for the worker's answers (play.jobs), what the AI knows
about the position shown (play.knowledge) and the search recipes of a seat (play.setup).

Imports: the standard library, ``game`` (never ``ui``) and ``ai``; never pygame.
"""
