"""What every game shares: the protocols, the kit, sessions, saves and reviews as data. The
bottom layer: standard library only (no pygame, no numpy, nothing of ai/, play/ or ui/)."""
