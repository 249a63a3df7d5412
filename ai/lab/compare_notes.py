"""The words under the compare bars: whether the searches agree, how the bars count, and where
a refinement did not pay on this position (a lesson too, so it is said, never hidden)."""

from __future__ import annotations

from collections.abc import Callable

from ai.kit import profile_for
from ai.lab.compare import CompareRow, _quiescent
from ai.lab.probe_record import AspirationTry
from game.registry import get_kit


def counting_note(rows: list[CompareRow]) -> str:
    """How the bars count: the final pass, and what iterative deepening adds where it ran."""
    deepened = [r for r in rows if r.status == "done" and r.passes > 1]
    if not deepened:
        return "Each bar counts the nodes of one search to the full depth."
    return ("Solid: the final pass, like against like. Outlined: the shallower passes of "
            "iterative deepening, which move ordering needs.")


def refinement_notes(rows: list[CompareRow]) -> list[str]:
    """Where a refinement did not pay on this position: its final pass searched more nodes
    than the row before it. That is a lesson too, so it is said, never hidden. Quiescence's
    row, which always costs nodes, gets its own note (``quiescence_note``), first."""
    notes: list[str] = []
    done = [r for r in rows if r.status == "done" and r.final_nodes and r.algorithm != "mcts"]
    for before, after in zip(done, done[1:], strict=False):
        if _quiescent(after) and not _quiescent(before):
            notes.insert(0, quiescence_note(before, after))  # the lesson of its row: first
        elif after.final_nodes > before.final_nodes and after.label.startswith("+"):
            name = after.label.lstrip("+ ").split(" (")[0]
            notes.append(f"Here {name} did not pay: {after.final_nodes:,} nodes against "
                         f"{before.final_nodes:,} without it.")
        elif (after.final_nodes == before.final_nodes and after.table_note
              and after.switches.get("tt") and not before.switches.get("tt")):
            # Equal bars would read as a switch that does nothing: say why it cannot pay.
            notes.append(f"Transposition table, {after.final_nodes:,} nodes either way: "
                         f"{after.table_note.removeprefix('table: ')}.")
    mtdf = mtdf_note(done)
    if mtdf:
        notes.append(mtdf)
    notes += [f"{r.label.split(' (')[0]}: {taken_over_note(r.depth)}; its final pass is "
              f"counted as depth {r.depth - 1}'s." for r in done if r.taken_over]
    return notes


def taken_over_note(depth: int) -> str:
    """Why a search to ``depth`` shows the depth below's tree and answer (SearchBase.reuses_depth:
    backgammon's network search), in the compare note, the tree's header and ``explain``."""
    return (f"depth {depth} ends on a chance layer, so the search takes depth {depth - 1}'s "
            "answer over")


def mtdf_note(done: list[CompareRow]) -> str:
    """MTD(f) against the most refined alpha-beta before it, said either way: its probes
    search the root again and again, which narrow windows and the table may or may not
    repay on this position."""
    mtdf = next((r for r in done if r.algorithm == "mtdf" and r.probes), None)
    plain = [r for r in done if r.algorithm == "alphabeta" and not _quiescent(r)
             and r.switches.get("tt")]
    if mtdf is None or not plain:
        return ""
    ref = plain[-1]
    name = ref.label.lstrip("+ ").split(" (")[0]
    cost = (": searching the root again cost more than its null windows saved"
            if mtdf.final_nodes > ref.final_nodes else "")
    return (f"MTD(f) found the value in {mtdf.probes} null-window probes, "
            f"{mtdf.final_nodes:,} nodes against {ref.final_nodes:,} with {name}{cost}.")


def _short(row: CompareRow) -> str:
    """A row's value in a few characters and the game's unit ("+1.0 seeds")."""
    try:
        profile = profile_for(get_kit(row.game_id))
    except ValueError:
        return row.value_text
    if row.value is None:
        return row.value_text
    return f"{profile.value_label(row.value, exact=False).short} {profile.unit}".strip()


def quiescence_note(before: CompareRow, after: CompareRow) -> str:
    """What quiescence search costs on this position, said as it is: it searches on past the
    depth limit, so it adds nodes; what it buys is accuracy at the horizon."""
    extra = after.final_nodes - before.final_nodes
    changed = (after.value is not None and before.value is not None
               and abs(after.value - before.value) > 1e-9)
    gain = "; here it changed the value" if changed else ""
    if extra > 0:
        return (f"Quiescence adds {extra:,} nodes ({after.final_nodes:,} against "
                f"{before.final_nodes:,}): it buys accuracy at the horizon, not fewer "
                f"nodes{gain}.")
    return (f"Quiescence took {after.final_nodes:,} nodes against {before.final_nodes:,} "
            "without it (its values may prune differently): it is for accuracy at the "
            f"horizon, not fewer nodes{gain}.")


def agreement_text(rows: list[CompareRow], brief: bool = False) -> str:
    """One line for under the bars: do the finished searches agree on the value? (Searches
    with quiescence are checked among themselves: they see past the depth limit.) ``brief``
    names each search by the head of its label ("expectiminimax" for "expectiminimax,
    network batches and root filter (Master plays)") and its value in a few characters: the
    wording for a window where the full one would leave the rows' names no room."""
    done = [r for r in rows if r.status == "done" and r.algorithm != "mcts"]  # other units
    if not done:
        return "No search finished."
    name = (lambda r: label_head(r.label)) if brief else (lambda r: r.label)
    plain = [r for r in done if not _quiescent(r)]
    deeper = [r for r in done if _quiescent(r)]
    if plain and deeper:
        if all(r.agree for r in done):
            count = (f"All {len(plain)}" if len(plain) > 1
                     else f"{name(plain[0]).capitalize()}")
            return (f"{count} to the depth limit agree{'s' if len(plain) == 1 else ''}: "
                    f"{_short(plain[0])}; with quiescence: {_short(deeper[0])}.")
        return (f"Without quiescence: {agreement_text(plain, brief)} With quiescence: "
                f"{agreement_text(deeper, brief)}")
    value = _short if brief else (lambda r: r.value_text)
    if len(done) == 1:
        return (f"Only {name(done[0])} finished (value {value(done[0])}): nothing to "
                f"compare it with.")
    if all(r.agree for r in done):
        return f"All {len(done)} finished searches agree: value {value(done[0])}."
    differ = [name(r) for r in done if not r.agree]
    filtered = all(r.switches.get("move_filter") for r in done if not r.agree)
    why = ((" (move filtering may miss the best move)" if brief else
            " (move filtering is a heuristic: it may miss the best move)") if filtered else "")
    return (f"Values differ: {', '.join(differ)} against {name(done[0])}'s "
            f"{value(done[0])}{why}.")


def label_head(label: str) -> str:
    """A search's name without its details ("expectiminimax" for "expectiminimax, network
    batches and root filter (Master plays)"): its label up to the first comma or bracket."""
    return label.split(",")[0].split(" (")[0].strip() or label


def aspiration_note(first_try: AspirationTry, window: Callable[[float | None, float | None], str],
                    value: Callable[[float | None], str]) -> str:
    """A failed aspiration window in words, "aspiration window (+6, +14) failed low: at most
    +5", with the caller's ``window`` and ``value`` texts (the screen's "−∞", explain's
    "-inf"): the try's value is only a bound outside its window, never the root's value."""
    how = "failed high: at least" if first_try.answer == "lower" else "failed low: at most"
    return f"aspiration window {window(first_try.alpha, first_try.beta)} {how} " \
           f"{value(first_try.value)}"
