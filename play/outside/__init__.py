"""Players outside Kibitz: programs that choose moves (issue 45, "bring your own player").

A player name such as ``file:agent.py`` (a student's Python file, run in a process of its own)
or ``cmd:<command line>`` (any program speaking the engine protocol of ``main.py engine``) is
accepted wherever a level is, and so is ``<prefix>:<rest>`` for a prefix the game's play part
registers (``play.kit.GamePlay.engines``: another program in its own language). The program is
started for a game, asked one move at a time, and closed at the game's end; whatever it does
wrong (an illegal move, a late or garbled answer, a crash, a flood of output) ends its game as
a loss with a one-line reason (Forfeit), never the match or the app.

    spec.py           the player names: parse_spec
    protocol.py       OutsidePlayer, OutsideAnswer, Forfeit; Lines, what a game's player talks to
    channel.py        the program's process and its lines, with deadlines and caps
    locate.py         a program by its name: PATH, then /usr/games
    engine_client.py  the player for a program speaking the engine protocol
    python_agent.py   the player for a student's file (run by ``main.py agent-host``)
    position.py       what a student's choose_move(position) gets
    players.py        a player from its name, and the chooser a game asks
"""
