"""Offline training scripts (run by developers, not by the app): learned weights for evaluators."""
