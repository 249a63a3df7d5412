"""The search lab's engine side: its measurements (comparison, depth chart, growth, the
minimal tree) and its recordings of the search a level plays, with the slides' algorithms it
shows beside them.

The lab watches the search that plays (``ai``) and never the other way round: no module of
``ai`` outside this package imports it (tests/test_layering.py).
"""
