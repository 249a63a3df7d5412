"""Screens of the app: the start menu, the play screen and the preferences."""
