"""Asks for 2 GB at once: past the host's memory limit (1 GB), so a MemoryError."""


def choose_move(position):
    hoard = bytearray(2 * 1024**3)
    return position.legal_moves()[len(hoard) % 1]
