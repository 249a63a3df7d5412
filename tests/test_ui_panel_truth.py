"""What a newcomer found on the play screen, each reproduced headless (each failed before its fix).

1. The side panel dropped whatever did not fit, silently: "Why White played" lost its value
   and cutoffs with values on; backgammon's "Candidate moves" heading sat over an empty list.
2. The move list showed about four turns and cut long backgammon moves with an ellipsis.
3. The keys overlay (F1), a long error (a paste error) and the lab's compare verdict were cut.
4. A loss was red in tic-tac-toe, grey in Nim and green in Grundy's game.

What is checked is what a frame draws: the strings passed to ``draw_text`` (with the position
of each, where that matters) and, for colours, the pixels.
"""

from __future__ import annotations

import re

import pygame
import pytest
from test_ui_support import drawn_text, key, make_app, scripted_playing, seats, start_game

from game.registry import get_game, get_kit
from ui import theme
from ui.boards.base import ViewContext
from ui.kit import make_view
from ui.panel import PanelLine
from ui.value_text import BETTER, LEVEL, WORSE, value_text, value_tone

MORE = re.compile(r"… (\d+) more line")


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1100, 720))
    yield


def recorder(monkeypatch, *modules) -> list[tuple[str, tuple[int, int]]]:
    """Record (text, position) of every draw_text call made through ``modules``."""
    seen: list[tuple[str, tuple[int, int]]] = []
    for module in modules:
        original = module.draw_text

        def recording(surface, text, pos, *a, _original=original, **k):
            seen.append((str(text), tuple(pos)))
            return _original(surface, text, pos, *a, **k)

        monkeypatch.setattr(module, "draw_text", recording)
    return seen


def facts(lines: list[PanelLine]) -> list[str]:
    """Every piece of text the lines hold (headings, labels, values, sentences)."""
    out = []
    for item in lines:
        out += [t for t in (item.text, item.value) if t and item.kind != "rule"]
    return out


# ---- 1. the side panel --------------------------------------------------------------------
WHY = [
    PanelLine("", "rule"),
    PanelLine("Board values: depth 7, full window", "heading"),
    PanelLine("best a6 -64 discs (predicted final margin) for White"),
    PanelLine("searching depth 8…", "accent"),
    PanelLine("", "rule"),
    PanelLine("Why Black played h3", "heading"),
    PanelLine("search finished", "dim"),
    PanelLine("Algorithm", "row", "alphabeta"),
    PanelLine("Depth", "row", "4"),
    PanelLine("Nodes", "row", "534 (26 834/s)"),
    PanelLine("Time", "row", "0.02 s"),
    PanelLine("Plays", "row", "h3"),
    PanelLine("Value for Black", "row", "+60 discs (predicted final margin)"),
    PanelLine("Cutoffs", "row", "155 · TT 80/225"),
    PanelLine("Line: h3 a6 c2 b1", "text"),
]


def candidates() -> list[PanelLine]:
    from games.backgammon.ui.insight import Insight, insight_panel_lines

    info = Insight(1, (0.27, 0.08, 0.01, 0.27, 0.03),
                   moves=(("bar/23 24/22 6/1*", -0.412), ("bar/20 13/11", -0.5),
                          ("bar/23 13/11", -0.61)))
    return [PanelLine("", "rule"), *insight_panel_lines(info)]


@pytest.mark.parametrize("lines", [WHY, "candidates"], ids=["why-played", "candidates"])
def test_the_panel_never_drops_a_line_silently_nor_shows_a_bare_heading(display, monkeypatch,
                                                                         lines):
    from ui import panel_view

    lines = candidates() if lines == "candidates" else lines
    heads = [item.text for item in lines if item.kind in ("heading", "subheading")]
    surface = pygame.display.get_surface()
    rect = pygame.Rect(760, 12, 328, 696)
    players = [("Black", "AI · Advanced", False), ("White", "Human", True)]
    seen = recorder(monkeypatch, panel_view)
    top = panel_view.draw_panel(surface, rect, players, [], 0.0) - 6
    for limit in range(top + 24, top + 480, 7):  # from one row up
        seen.clear()
        end = panel_view.draw_panel(surface, rect, players, lines, 0.0, bottom_limit=limit)
        texts = [t for t, _ in seen][4:]  # after the two players' rows
        joined = " ".join(texts)
        assert end - 8 <= limit, (limit, end)  # nothing below the room it was given
        notes = [m for t in texts if (m := MORE.match(t))]
        missing = [f for f in facts(lines) if f not in joined]
        # all of it, or a note saying how much is not shown
        assert not missing or notes, (limit, missing, texts)
        # a heading never stands alone: the next thing drawn is its content, not the note
        for i, t in enumerate(texts):
            if t in heads:
                assert i + 1 < len(texts) and texts[i + 1] not in heads \
                    and not MORE.match(texts[i + 1]), (limit, texts)


def test_why_the_ai_played_keeps_its_value_and_cutoffs_with_values_on(tmp_path, monkeypatch):
    # Othello, values on, the AI has just played: the panel said "Value for Black" with no
    # value and no Cutoffs, and the move list got four turns.
    with scripted_playing(tmp_path, monkeypatch, game="othello", seats=seats("human", "Master"),
                          show_values=True, animations=False) as (app, worker, scene):
        game = scene.session.game
        for _ in range(21):  # a middle game, with White (the AI) to move
            state = scene.session.current
            scene.session.play(sorted(state.legal_moves())[0])
        scene.match.position_changed(animate=False)
        app.step([], 0.02)
        state = scene.session.current
        move = sorted(state.legal_moves())[-1]
        worker.result(worker.last, "done", move, 6.0, 4)
        assert app.run_until(lambda: scene.session.is_human_turn, timeout_s=10)
        app.run_frames(5, 0.05)
        after = scene.session.current
        values = {m: -3.0 for m in after.legal_moves()}
        worker.result(worker.last, "depth", next(iter(values)), -3.0, 7, values)
        texts = drawn_text(app, monkeypatch)
        joined = " ".join(texts)
        played = game.format_move(state, move)
        assert f"Why White played {played}" in joined, texts
        for fact in ("Value for White", "+6 discs", "Cutoffs", "Board values: depth 7"):
            assert fact in joined, (fact, texts)
        assert not any(MORE.match(t) for t in texts), texts  # 1100x720 holds all of it
        # and the move list shows more than the four turns it was left with before
        assert len(scene.moves_view.lines()) >= 5, scene.moves_view.lines()
        assert app.errors == []


# ---- 2. the move list ---------------------------------------------------------------------
class _History:
    def __init__(self, pairs: tuple) -> None:
        self.pairs = pairs

    @property
    def ply(self) -> int:
        return len(self.pairs)

    def history_since(self, start: int) -> tuple:
        return self.pairs[max(0, start):]


class _Ply:
    def __init__(self, player: int) -> None:
        self.player = player

    def current_player(self) -> int:
        return self.player


def _view(words, plies: int, rect: pygame.Rect, sample: str = "55: 13/8(2) 6/1(2)"):
    from ui.movelist import MoveListView, MoveRecord

    record = MoveRecord(lambda state, move: words(move))
    record.sync(_History(tuple((_Ply(i % 2), i) for i in range(plies))))
    view = MoveListView(record, sample)
    view.layout(rect, 13)
    return view


def test_long_moves_are_shown_whole_on_a_second_line(display, monkeypatch):
    from ui import movelist

    def words(i: int) -> str:
        return "63: bar/22 24/18 13/7 8/2*" if i % 3 == 0 else f"21: 6/{i % 5 + 1}"

    seen = recorder(monkeypatch, movelist)
    for width in (300, 200):  # two columns; one column
        view = _view(words, 30, pygame.Rect(0, 0, width, 400))
        seen.clear()
        view.draw(pygame.display.get_surface())
        joined = " ".join(t for t, _ in seen)
        assert len(view.lines()) >= 4
        for line in view.lines():  # every move on screen, whole
            for part in re.split(r"\s{2,}", re.sub(r"^\d+[.…] ", "", line)):
                assert part in joined, (width, part, joined)
        assert not any(t.endswith("…") and t != "…" for t, _ in seen), seen


def test_the_move_list_uses_all_of_its_height(display):
    rect = pygame.Rect(0, 0, 300, 300)
    short = _view(lambda i: f"m{i}", 200, rect, "m100")
    long = _view(lambda i: "63: bar/22 24/18 13/7 8/2*" * (1 + i % 2), 200, rect)
    for view in (short, long):
        first, end = view.window()
        used = sum(view.height(i) for i in range(first, end))
        assert used <= view.visible_lines  # whole items only...
        assert used + view.height(first - 1) > view.visible_lines  # ...and no room for one more
        assert end == view.total_lines()  # the latest moves in view
    assert short.visible_lines * short.line_h >= rect.height - 3 * short.line_h
    long.to_start()
    assert long.window()[0] == 0
    long.scroll(-2)
    assert long.window()[0] == 2


# ---- 3. text cut short --------------------------------------------------------------------
def _play_help_rows(scene) -> list[tuple[str, str]]:
    rows = scene.commands.help_lines()
    rows.append(("Click", "play a move; a refused click says why"))
    rows.append(("Wheel", "scroll the move list"))
    return rows


def cut_texts(monkeypatch) -> list[str]:
    """Every text draw_text ellipsises from now on (it measures through widgets.fit_text)."""
    from ui import widgets

    cut: list[str] = []
    original = widgets.fit_text

    def fit(text, f, max_width):
        out = original(text, f, max_width)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(widgets, "fit_text", fit)
    return cut


@pytest.mark.parametrize("size", [(960, 660), (640, 480)])
def test_the_keys_overlay_wraps_every_line_whole(tmp_path, monkeypatch, size):
    from ui import keys_overlay

    app = make_app(tmp_path, monkeypatch, size=size, game="othello",
                   seats=seats("human", "human"))
    try:
        scene = start_game(app)
        rows = _play_help_rows(scene)
        g = scene.geometry
        seen = recorder(monkeypatch, keys_overlay)
        cut = cut_texts(monkeypatch)
        # Over the board; a small window needs the whole window for the 30-odd commands.
        room = g.board_rect if size[0] >= 960 else g.rect
        r = room.inflate(-g.pad * 2, -g.pad * 2)
        keys_overlay.draw_keys_overlay(app.screen, r, rows, g.text_size,
                                       max(10, int(g.text_size * 0.75)))
        joined = " ".join(t for t, _ in seen).replace("\u00a0", " ")
        for keys, text in rows:
            assert text in joined and keys in joined, (keys, text)
        assert cut == [] and "more" not in joined
        assert all(r.collidepoint(pos) for _, pos in seen)  # inside the overlay
    finally:
        app.close()


def test_f1_on_the_play_screen_shows_every_key_whole(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(960, 660), game="othello",
                   seats=seats("human", "human"))
    try:
        scene = start_game(app)
        app.step([key(pygame.K_F1)], 0.02)
        assert scene.help.open
        cut = cut_texts(monkeypatch)
        texts = drawn_text(app, monkeypatch)
        joined = " ".join(texts).replace("\u00a0", " ")
        assert all(text in joined for _, text in _play_help_rows(scene)), texts
        assert not [t for t in cut if any(t in text for _, text in _play_help_rows(scene))], cut
    finally:
        app.close()


def test_a_long_paste_error_is_shown_whole(tmp_path, monkeypatch):
    from ui.scenes import common

    app = make_app(tmp_path, monkeypatch, size=(960, 660), game="othello",
                   seats=seats("human", "human"))
    try:
        scene = start_game(app)
        app.clipboard["text"] = "this is not an Othello position " * 4
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        message = scene.message.text
        assert message.startswith("Cannot paste:") and scene.message.error
        long = f"{message} (and a reason long enough to need a second line on any screen)"
        scene.show_message(long, True)
        seen = recorder(monkeypatch, common)
        app.step([], 0.02)
        drawn = [t for t, _ in seen]
        assert " ".join(drawn) == long, drawn
        assert len(drawn) >= 2  # wrapped, not cut
        screen = app.screen.get_rect()
        assert all(screen.collidepoint(pos) for _, pos in seen)
    finally:
        app.close()


def test_the_compare_verdict_is_shown_whole(display, monkeypatch):
    from ai.lab.compare import CompareRow
    from ui.lab import charts, verdict

    labels = ["minimax", "alpha-beta", "+ move ordering", "+ transposition table",
              "+ killer moves and history", "+ principal variation search", "+ aspiration"]
    rows = [CompareRow(label, "alphabeta", {}, 5, "done", nodes=1000 * (i + 1),
                       final_nodes=900, passes=1, time_s=0.01 * (i + 1), value=0.5 + i,
                       value_text=f"+{0.5 + i:.2f} points a game", move="13/11 13/8",
                       agree=i == 0) for i, label in enumerate(labels)]
    text, ok = charts.agree_text(rows)
    assert not ok
    seen = recorder(monkeypatch, verdict)
    rect = pygame.Rect(20, 20, 640, 460)
    charts.draw_compare(pygame.display.get_surface(), rect, rows, 15, {}, get_kit("backgammon"))
    drawn = [t for t, _ in seen]
    assert text in " ".join(drawn), drawn
    lines = [t for t in drawn if t in text]
    assert len(lines) >= 2  # too long for one line of the chart: wrapped, not cut
    assert all(rect.collidepoint(pos) for _, pos in seen)


# ---- 4. value colours ---------------------------------------------------------------------
def _count(surface: pygame.Surface, colour: tuple[int, ...]) -> int:
    return pygame.mask.from_threshold(surface, colour, (12, 12, 12, 255)).count()


def _board(game_id: str, options: dict | None = None):
    game = get_game(game_id)
    if game_id == "backgammon":
        from games.backgammon.rules import BackgammonState

        return game, BackgammonState(dice=(3, 1))
    return game, game.initial_state(**(options or {}))


CASES = [("tictactoe", None), ("nim", {"heaps": (3, 4, 5)}),
         ("nim", {"heaps": (7, 5), "variant": "grundy"}), ("othello", None), ("backgammon", None)]


@pytest.mark.parametrize(("game_id", "options"), CASES,
                         ids=["tictactoe", "nim", "grundy", "othello", "backgammon"])
@pytest.mark.parametrize("value", [-10_000 + 5, -1.0, 1.0, 0.0], ids=["loss", "worse", "better",
                                                                       "level"])
def test_a_value_has_one_colour_in_every_game(display, game_id, options, value):
    game, state = _board(game_id, options)
    view = make_view(get_kit(game_id))
    rect = pygame.Rect(0, 0, 720, 560)
    values = {m: value for m in state.legal_moves()}
    labels = {m: value_text(get_kit(game_id), v, exact=True).short for m, v in values.items()}
    plain, shown = pygame.Surface(rect.size), pygame.Surface(rect.size)
    view.draw(plain, rect, state, ViewContext())
    view.draw(shown, rect, state, ViewContext(move_values=values, value_labels=labels))
    tones = {"value_better": BETTER, "value_worse": WORSE, "value_level": LEVEL}
    expected = BETTER if value > 0 else WORSE if value < 0 else LEVEL
    assert value_tone(value, next(iter(labels.values()))) == expected
    for name, tone in tones.items():
        added = _count(shown, theme.color(name)) - _count(plain, theme.color(name))
        if tone == expected:
            assert added > 0, (game_id, value, name)
        else:
            assert added <= 0, (game_id, value, name, added)


def test_the_tone_follows_what_the_label_says():
    assert value_tone(0.004, "0") == LEVEL  # reads "0": not a faint win
    assert value_tone(-0.4, "0") == LEVEL
    assert value_tone(9995.0, "W5") == BETTER and value_tone(-9994.0, "L6") == WORSE
    assert value_tone(0.0, "D") == LEVEL and value_tone(None) == LEVEL
    assert value_tone(float("nan"), "?") == LEVEL
    assert value_tone(0.43, "+0.43") == BETTER and value_tone(-2.0, "-2") == WORSE


def test_the_compare_verdict_marks_nothing_until_two_searches_finished():
    """A green tick over "No search finished" (or over the one search that did) said the
    values had been checked against each other when nothing had been compared."""
    from ai.lab.compare import CompareRow
    from ui.lab import charts

    def row(label: str, status: str) -> CompareRow:
        return CompareRow(label, "alphabeta", {}, 3, status, nodes=10, final_nodes=10,
                          passes=1, time_s=0.01, value=0.5, value_text="+0.50", move="a1",
                          agree=True)

    assert charts.agree_text([row("minimax", "running")]) == ("No search finished.", None)
    text, ok = charts.agree_text([row("minimax", "done"), row("alpha-beta", "waiting")])
    assert ok is None and text.startswith("Only minimax finished")
    text, ok = charts.agree_text([row("minimax", "done"), row("alpha-beta", "done")])
    assert ok and text.startswith("✓ All 2 finished searches agree")


def test_the_compare_charts_time_ticks_never_sit_on_each_other(display):
    """Before: a slow search beside a fast one on a narrow chart (backgammon's wide value
    column, a busy machine) set the '10 ms' tick on the '100 ms' one."""
    from ai.lab.compare import CompareRow
    from ui import scene_record
    from ui.lab import charts
    from ui.layout_check import overlaps

    rows = [CompareRow(f"search {i}", "alphabeta", {}, 3, "done", nodes=10 ** (i + 1),
                       final_nodes=10 ** (i + 1), passes=1, time_s=2e-5 * 10 ** (i * 1.2),
                       value=0.5, value_text="+0.50 points a game", move="13/11 13/8 24/23 6/5",
                       agree=True) for i in range(6)]
    screen = pygame.display.get_surface()
    screen.fill((0, 0, 0))
    with scene_record.recording(screen) as record:
        charts.draw_compare(screen, pygame.Rect(10, 10, 620, 400), rows, 15, {}, get_kit("backgammon"))
    ticks = [t.shown for t in record.texts if t.shown.endswith(("ms", "s", "µs"))]
    assert len(ticks) >= 3, ticks
    assert overlaps(record) == []


def test_a_long_status_note_takes_a_shorter_wording_not_a_cut_one(display):
    """Before: on a busy machine the estimate of a held-back search grew ('estimated ~1.2 min,
    ~31.4M nodes — L runs it') and ran past the bars' room, cut with an ellipsis."""
    from ai.lab.compare import CompareRow
    from ui import scene_record
    from ui.lab import charts
    from ui.layout_check import cut_texts

    rows = [CompareRow("minimax", "minimax", {}, 6, "too long", estimate_s=71.0,
                       estimate_nodes=31.4e6),
            CompareRow("alpha-beta", "alphabeta", {}, 6, "done", nodes=900, final_nodes=900,
                       passes=1, time_s=0.02, value=0.5, value_text="+0.50", move="d3")]
    notes = {0: ("not run: estimated ~1.2 min, ~31.4M nodes — L runs it",
                 "not run: ~1.2 min — L runs it", "not run (L runs it)")}
    screen = pygame.display.get_surface()
    screen.fill((0, 0, 0))
    with scene_record.recording(screen) as record:
        charts.draw_compare(screen, pygame.Rect(10, 10, 620, 400), rows, 15, notes,
                            get_kit("othello"))
    shown = [t.shown for t in record.texts if t.shown.startswith("not run")]
    assert shown and shown[0] != notes[0][0], shown
    assert cut_texts(record) == []
