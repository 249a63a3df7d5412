"""Kibitz game rules: pure standard-library Python, importable without pygame."""
