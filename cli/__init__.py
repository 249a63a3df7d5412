"""Headless subcommands of main.py, one module each: ``add_arguments(parser)`` and ``run(args)``."""
