"""Regenerate the search-lab screenshots of docs/lab.md with the app itself:
``python scripts/make_lab_screenshots.py``.

Runs the real window headless (SDL's dummy driver) at 1280x720 in presentation mode (the lab's
projector text sizes) and saves docs/screenshots/lab-*.png: the textbook tree as alpha-beta
searches it (4 and 6 greyed: never looked at), step mode at the cutoff of the second MIN node,
MTD(f)'s step mode on the same tree when its first null-window probe has answered,
the compare bars, the depth chart, the Zobrist keys and the evaluation editor (corners weighted
-1, with its quick match) of an Othello opening position, and Nim in binary. Settings and saves go to a temporary folder.
"""

from __future__ import annotations

import sys

from make_screenshots import OUT, headless_sandbox


def main() -> int:
    headless_sandbox()

    from game.registry import get_game, get_kit
    from ui.app import App
    from ui.lab import lab_scene, teaching_scene
    from ui.settings import Settings

    app = App((1280, 720), settings=Settings(lab_presentation=True), persist_settings=False,
              worker_mode="thread")

    def settle(scene: object) -> None:
        app.run_frames(1)
        app.run_until(lambda: not scene.jobs.busy, timeout_s=120)  # type: ignore[attr-defined]
        app.run_frames(3)

    def save(name: str) -> None:
        path = OUT / f"lab-{name}.png"
        app.save_screenshot(path)
        print("wrote", path)

    try:
        scene = teaching_scene(app, get_kit("classroom"))
        app.switch(scene)
        settle(scene)
        save("tree")
        pane = scene.pane()
        pane.toggle_step()
        for _ in range(16):  # the second MIN node has just cut off: 4 and 6 are skipped
            pane.forward()
        app.run_frames(2)
        save("step")
        pane.toggle_step()
        pane.algorithm = "mtdf"  # what the Algorithm choice does
        pane.search_or_stop()
        settle(scene)
        pane.toggle_step()
        for _ in range(13):  # probe 1 has answered: at least 3, b and c not needed
            pane.forward()
        app.run_frames(2)
        save("mtdf")

        othello = get_game("othello")
        state = othello.initial_state()
        for move in ("f5", "d6", "c3"):
            state = state.apply(othello.parse_move(state, move))
        scene = lab_scene(app, state, get_kit("othello"), "compare")
        app.switch(scene)
        settle(scene)
        save("compare")
        scene.select("depth")
        settle(scene)
        save("depth")
        scene.select("zobrist")
        settle(scene)
        save("zobrist")
        scene.select("evaluation")
        settle(scene)
        editor = scene.pane()
        editor.sliders[2].set(-1.0)  # corners worth less than nothing, as a slider drag does
        app.run_frames(2)
        settle(scene)
        editor.play_match()
        settle(scene)
        save("evaluation")

        nim = get_game("nim")
        scene = lab_scene(app, nim.initial_state(heaps=(3, 4, 5), max_take=None), get_kit("nim"), "nim")
        app.switch(scene)
        settle(scene)
        save("nim")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
